import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

/** The trader's notes as typed, line breaks kept. */
export function SessionNotesCard({ notes }: { notes: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Session Notes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="wrap-anywhere whitespace-pre-wrap">{notes}</p>
      </CardContent>
    </Card>
  );
}
