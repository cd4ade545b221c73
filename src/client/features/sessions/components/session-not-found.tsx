import { CloudOff, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { TryAgainButton, type Retry } from '#client/components/try-again-button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { BackToHistory } from './back-to-history.tsx';

/**
 * A session that cannot be shown: missing or another trader's (the server answers both alike).
 * `historyHref` is the history as the trader left it.
 */
export function SessionNotFound({ historyHref }: { historyHref: string }) {
  return (
    <SessionMessage
      icon={<SearchX aria-hidden="true" className="size-6" />}
      title="Session Not Found"
      historyHref={historyHref}
    >
      The trading session you&apos;re looking for doesn&apos;t exist or you don&apos;t have
      permission to view it.
    </SessionMessage>
  );
}

/**
 * A session whose read failed otherwise (no connection, the server restarting): it may well
 * exist, so the page says it could not be loaded and offers to ask again (decision 12).
 */
export function SessionNotLoaded({ historyHref, retry }: { historyHref: string; retry: Retry }) {
  return (
    <SessionMessage
      icon={<CloudOff aria-hidden="true" className="size-6" />}
      title="Session Could Not Be Loaded"
      historyHref={historyHref}
      retry={retry}
    >
      Your trading session could not be loaded.
    </SessionMessage>
  );
}

function SessionMessage({
  icon,
  title,
  historyHref,
  retry,
  children,
}: {
  icon: ReactNode;
  title: string;
  historyHref: string;
  retry?: Retry;
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <div className="flex flex-col items-center gap-4 p-8 text-center">
        <span className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">
          {icon}
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{children}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {retry ? <TryAgainButton retry={retry} /> : null}
          <BackToHistory historyHref={historyHref} />
        </div>
      </div>
    </Card>
  );
}
