import type { SessionSummary } from '#shared/schemas/sessions.ts';
import { useResultPreferences } from '#client/components/result-preferences.tsx';
import { formatMoney, formatR, resultTone } from '#client/lib/format-result.ts';
import { cn } from '#client/lib/utils.ts';

const toneClass = {
  gain: 'text-green-700 dark:text-green-400',
  loss: 'text-red-700 dark:text-red-400',
  flat: 'text-muted-foreground',
};

/**
 * A session's result: R first (comparable across accounts), then money in the trader's
 * currency unless they hide money amounts. A dash when none was recorded.
 */
export function SessionResult({
  session,
  className,
}: {
  session: Pick<SessionSummary, 'resultMoney' | 'resultR'>;
  className?: string;
}) {
  const { currency, hideMoney } = useResultPreferences();
  const money = hideMoney ? null : session.resultMoney;
  const parts = [
    session.resultR === null ? null : { value: session.resultR, text: formatR(session.resultR) },
    money === null ? null : { value: money, text: formatMoney(money, currency) },
  ].filter((part) => part !== null);

  if (parts.length === 0) {
    return (
      <span className={cn('text-muted-foreground', className)}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No result recorded</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2 font-medium', className)}>
      {parts.map((part) => (
        <span
          key={part.text}
          className={cn('whitespace-nowrap', toneClass[resultTone(part.value)])}
        >
          {part.text}
        </span>
      ))}
    </span>
  );
}
