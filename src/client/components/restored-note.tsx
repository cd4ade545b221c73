/**
 * Said in a form given back what its writer typed before their login ended
 * (docs/decisions/0064): a status, so that it is heard as well as seen.
 */
export function RestoredNote({ id }: { id?: string }) {
  return (
    <p id={id} role="status" className="bg-muted rounded-md px-3 py-2 text-sm">
      Restored what you typed before your login expired.
    </p>
  );
}
