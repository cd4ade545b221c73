import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { paths } from '#client/lib/paths.ts';

/** A trader who does not exist or stopped sharing: the API does not say which, nor do we. */
export function TraderNotFound() {
  return (
    <Card className="px-4 py-4">
      <EmptyState icon={<UserX className="size-6" />}>
        <h2 className="text-lg font-semibold">Trader not found</h2>
        <p className="text-muted-foreground max-w-md text-sm">
          This trader does not share their discipline figures, or no longer exists.
        </p>
        <Button asChild variant="outline">
          <Link href={paths.team}>Back to Team discipline</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
