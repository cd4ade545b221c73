import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

type TitledCardProps = {
  title: string;
  children: ReactNode;
  className?: string;
  contentClassName?: string;
  /** The title's id, for content that is named by it too (a table). */
  titleId?: string;
};

/**
 * A card with an `<h2>` title that also names the card as a region, so that a screen reader
 * user can jump from card to card ('Session Information', 'Session Notes'...).
 */
export function TitledCard({
  title,
  children,
  className,
  contentClassName,
  titleId,
}: TitledCardProps) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <Card role="region" aria-labelledby={id} className={className}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle asChild>
          <h2 id={id}>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className={cn('p-4 pt-0 sm:p-6 sm:pt-0', contentClassName)}>
        {children}
      </CardContent>
    </Card>
  );
}
