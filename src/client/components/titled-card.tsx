import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';

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
      <CardHeader>
        <CardTitle asChild>
          <h2 id={id}>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
