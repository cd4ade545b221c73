import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';

/**
 * A session that cannot be shown: missing, another trader's (the server answers both alike) or
 * not loadable. `historyHref` is the history as the trader left it.
 */
export function SessionNotFound({ historyHref }: { historyHref: string }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <div className="flex flex-col items-center gap-4 p-8 text-center">
        <span className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Session Not Found</h1>
        <p className="text-muted-foreground">
          The trading session you&apos;re looking for doesn&apos;t exist or you don&apos;t have
          permission to view it.
        </p>
        <Button asChild variant="outline">
          <Link href={historyHref}>
            <ArrowLeft aria-hidden="true" />
            Back to History
          </Link>
        </Button>
      </div>
    </Card>
  );
}
