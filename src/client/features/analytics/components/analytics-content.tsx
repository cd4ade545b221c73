import type { ReactNode } from 'react';
import type { Analytics } from '#shared/schemas/analytics.ts';
import { CardMessage } from '#client/components/dashboard-card.tsx';
import { Settling } from '#client/components/settling.tsx';
import type { AnalyticsResult } from '../api/get-analytics.ts';
import { useFiguresWords } from '../whose-figures.ts';

/** What each card of the analytics page takes: the page's one answer, and its grid placing. */
export type AnalyticsCardProps = { result: AnalyticsResult; className?: string };

type AnalyticsContentProps = {
  result: AnalyticsResult;
  /** The card's skeleton while the first answer is on its way. */
  loading: ReactNode;
  children: (analytics: Analytics) => ReactNode;
};

/**
 * A card's body in each state of the figures. While another range loads, the previous
 * figures stay, dimmed and marked busy, instead of the whole page flashing back to skeletons.
 */
export function AnalyticsContent({ result, loading, children }: AnalyticsContentProps) {
  const words = useFiguresWords();
  if (result.isPending) return loading;
  if (result.isLoadingError) {
    return (
      <CardMessage isError retry={result}>
        {words.notLoaded}
      </CardMessage>
    );
  }
  return (
    <Settling isBusy={result.isPlaceholderData} className="min-w-0">
      {children(result.data)}
    </Settling>
  );
}
