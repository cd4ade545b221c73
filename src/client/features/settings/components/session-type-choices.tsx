import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { SessionType } from '#shared/schemas/sessions.ts';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { localTimeRange } from '#client/lib/session-times.ts';

type SessionTypeChoicesProps = {
  query: UseQueryResult<SessionType[]>;
  value: number[];
  onChange: (ids: number[]) => void;
};

/**
 * The list's shape while it loads, so that what follows it (the minutes, the Save button) is
 * where it will stay: the fixed list's five sessions, a label of two lines each, the last
 * ('London–New York overlap') wrapping its name in the card's column. A smaller placeholder
 * moved the Save button down by 112 px as the sessions came, under a trader's pointer.
 */
const PLACEHOLDER_HEIGHTS = ['h-16', 'h-16', 'h-16', 'h-16', 'h-21'] as const;

/** One checkbox per market session, its UTC hours in the label and the trader's own below. */
export function SessionTypeChoices({ query, value, onChange }: SessionTypeChoicesProps) {
  const id = useId();
  const today = new Date();
  const toggle = (typeId: number, checked: boolean) =>
    onChange(checked ? [...value, typeId] : value.filter((chosen) => chosen !== typeId));

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">Sessions you trade</legend>
      {query.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading sessions">
          {PLACEHOLDER_HEIGHTS.map((height, index) => (
            <Skeleton key={index} className={height} />
          ))}
        </div>
      ) : query.isLoadingError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-destructive text-sm">
            The market sessions could not be loaded.
          </p>
          <TryAgainButton retry={query} size="sm" />
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {query.data.map((type) => {
            const checkboxId = `${id}-${type.id}`;
            const local = localTimeRange(type, today);
            return (
              <label
                key={type.id}
                htmlFor={checkboxId}
                className="has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 has-[:focus-visible]:ring-ring flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2"
              >
                <Checkbox
                  id={checkboxId}
                  checked={value.includes(type.id)}
                  onCheckedChange={(checked) => toggle(type.id, checked)}
                  aria-describedby={local ? `${checkboxId}-local` : undefined}
                  focusRing={false}
                  className="mt-0.5"
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-sm font-medium">
                    {`${type.name} (${type.startTime}-${type.endTime} UTC)`}
                  </span>
                  {local ? (
                    <span id={`${checkboxId}-local`} className="text-muted-foreground text-xs">
                      {`${local} your time`}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
