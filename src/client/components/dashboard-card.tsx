import { ArrowRight, CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { TryAgainButton, type Retry } from './try-again-button.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from './ui/card.tsx';

type DashboardCardProps = {
  title: string;
  /** The link to the whole list, when the card has one. */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * A dashboard widget: a titled card whose link to the full list sits at the bottom. It is a
 * region named by its title, so that assistive technology can list and jump to the widgets.
 */
export function DashboardCard({ title, footer, children }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader>
        <CardTitle asChild size="sm">
          <h2 id={titleId}>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
      {footer ? <CardFooter>{footer}</CardFooter> : null}
    </Card>
  );
}

/** The card's way to the whole list ('View All Sessions', 'View All Rules'). */
export function ViewAllLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="link" size="inline">
      <Link href={href}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** The card's text when it has nothing to list, or could not load it (with `retry`, a 'Try again' below). */
export function CardMessage({
  isError = false,
  retry,
  children,
}: {
  isError?: boolean;
  retry?: Retry;
  children: ReactNode;
}) {
  const message = (
    <p className="text-muted-foreground flex items-center justify-center gap-2 py-6 text-center text-sm">
      {isError ? <CircleAlert aria-hidden="true" className="text-destructive size-4" /> : null}
      {children}
    </p>
  );
  if (!retry) return message;
  return (
    <div className="flex flex-col items-center pb-4">
      {message}
      <TryAgainButton retry={retry} size="sm" />
    </div>
  );
}
