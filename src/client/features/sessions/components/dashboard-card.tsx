import { ArrowRight, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';

type DashboardCardProps = { title: string; footer: ReactNode; children: ReactNode };

/** A dashboard widget: a titled card whose link to the full list sits at the bottom. */
export function DashboardCard({ title, footer, children }: DashboardCardProps) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle asChild className="text-lg">
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
      <CardFooter className="p-4 pt-0 sm:p-6 sm:pt-0">{footer}</CardFooter>
    </Card>
  );
}

export function ViewAllLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="link" className="h-auto px-0">
      <Link href={href}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

export function CardMessage({
  isError = false,
  children,
}: {
  isError?: boolean;
  children: ReactNode;
}) {
  return (
    <p className="text-muted-foreground flex items-center justify-center gap-2 py-6 text-center text-sm">
      {isError ? <CircleAlert aria-hidden="true" className="text-destructive size-4" /> : null}
      {children}
    </p>
  );
}
