import { TitledCard } from '#client/components/titled-card.tsx';

type SessionNotesCardProps = {
  notes: string;
  /**
   * 'Session Notes', or 'Notes' for the second card that repeats them: the product shows a
   * session's notes in both, and people who know it look for either title.
   */
  title?: 'Session Notes' | 'Notes';
};

/** The trader's notes as typed, line breaks kept. */
export function SessionNotesCard({ notes, title = 'Session Notes' }: SessionNotesCardProps) {
  return (
    <TitledCard title={title}>
      <p className="wrap-anywhere whitespace-pre-wrap">{notes}</p>
    </TitledCard>
  );
}
