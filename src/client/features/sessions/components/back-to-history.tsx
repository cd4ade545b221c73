import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';

/**
 * 'Back to History', to the history as the trader left it (`historyHref`): above a session's
 * details, a quiet link; under a message that the session cannot be shown, a button-like one.
 */
export function BackToHistory({
  historyHref,
  quiet = false,
}: {
  historyHref: string;
  quiet?: boolean;
}) {
  return (
    <Button
      asChild
      variant={quiet ? 'ghost' : 'outline'}
      size={quiet ? 'sm' : undefined}
      className={quiet ? '-ml-3' : undefined}
    >
      <Link href={historyHref}>
        <ArrowLeft aria-hidden="true" />
        Back to History
      </Link>
    </Button>
  );
}
