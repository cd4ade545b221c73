import { TitledCard } from '#client/components/titled-card.tsx';

/** The trader's notes as typed, line breaks kept. */
export function SessionNotesCard({ notes }: { notes: string }) {
  return (
    <TitledCard title="Session Notes">
      <p className="wrap-anywhere whitespace-pre-wrap">{notes}</p>
    </TitledCard>
  );
}
