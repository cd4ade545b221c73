import { Hourglass } from 'lucide-react';
import { Card, CardContent } from './ui/card.tsx';

/** Stands in for a screen that is not built yet. */
export function ComingSoon() {
  return (
    <Card className="border-dashed shadow-none">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">
          <Hourglass aria-hidden="true" className="size-6" />
        </span>
        <p className="text-muted-foreground">This screen is coming soon.</p>
      </CardContent>
    </Card>
  );
}
