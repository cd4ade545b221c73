import { BellRing, ChevronLeft, ChevronRight, Timer } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { REMINDER_INTERVAL_MINUTES } from '#shared/constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/utils.ts';
import { useRules } from '../api/get-rules.ts';
import { isReminderInterval, useReminderInterval } from '../hooks/use-reminder-interval.ts';
import { rulesWithNotes } from '../reminder-notes.ts';

/**
 * The dashboard's sticky banner: one rule with notes at a time, the next one
 * after the chosen interval, wrapping from the last to the first.
 */
export function RuleReminderBanner() {
  const { data: rules, isPending, isLoadingError } = useRules();
  const [minutes, setMinutes] = useReminderInterval();
  const [index, setIndex] = useState(0);
  // Read out only after the trader's own step: a reminder coming round on its own, every few
  // minutes, would interrupt whatever a screen reader is reading (a dialog's form included).
  const [isStepped, setIsStepped] = useState(false);

  const reminders = useMemo(() => rulesWithNotes(rules ?? []), [rules]);
  const count = reminders.length;
  // Rules can be deleted while one is shown: stay within the list.
  const position = count === 0 ? 0 : Math.min(index, count - 1);
  const listKey = reminders.map((rule) => rule.id).join(',');

  // A fresh full interval after every change: the interval, the list, or a manual step.
  useEffect(() => {
    if (count < 2) return;
    const timer = setTimeout(() => {
      // Coming round on its own again: quiet, whatever the last step was.
      setIsStepped(false);
      setIndex((position + 1) % count);
    }, minutes * 60_000);
    return () => clearTimeout(timer);
  }, [position, count, minutes, listKey]);

  if (isPending) {
    return <BannerMessage reserveReminderHeight>Loading trading rules...</BannerMessage>;
  }
  if (isLoadingError) return <BannerMessage>Your trading rules could not be loaded.</BannerMessage>;
  const reminder = reminders[position];
  if (!reminder) {
    return <BannerMessage>Add notes to your trading rules to see reminders here</BannerMessage>;
  }

  const step = (delta: number) => {
    setIsStepped(true);
    setIndex((position + delta + count) % count);
  };

  return (
    <BannerFrame>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
        <div aria-live={isStepped ? 'polite' : 'off'} aria-atomic="true" className="min-w-0 flex-1">
          <p className="text-primary text-xs font-semibold tracking-wide uppercase">
            Rule reminder{' '}
            <span className="text-muted-foreground ml-1 tabular-nums">{`${position + 1}/${count}`}</span>
          </p>
          {/* The banner sticks while the page scrolls, so it must stay short whatever the rule:
              clamped lines keep it within a quarter of a phone's screen. Clamping only hides the
              overflow, so screen readers still read the whole text; the rules list shows it all. */}
          <p className="mt-1 line-clamp-2 font-semibold wrap-anywhere">{reminder.description}</p>
          <p className="text-muted-foreground mt-0.5 line-clamp-2 text-sm wrap-anywhere whitespace-pre-wrap sm:line-clamp-3">
            {reminder.notes}
          </p>
        </div>
        <div className="-ml-1.5 flex shrink-0 items-center gap-1 sm:ml-0">
          {count > 1 ? (
            <>
              <Button
                variant="ghost"
                size="icon-xs"
                aria-label="Previous reminder"
                onClick={() => step(-1)}
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon-xs"
                aria-label="Next reminder"
                onClick={() => step(1)}
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </>
          ) : null}
          <Select
            aria-label="Reminder interval"
            className="ml-1 w-auto"
            compact
            icon={<Timer aria-hidden="true" />}
            value={String(minutes)}
            onValueChange={(value) => {
              const next = Number(value);
              if (isReminderInterval(next)) setMinutes(next);
            }}
          >
            {REMINDER_INTERVAL_MINUTES.map((option) => (
              <option key={option} value={String(option)}>
                {`${option} minutes`}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </BannerFrame>
  );
}

function BannerFrame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Rule reminders"
      data-sticky-top
      // Below the phone's sticky top bar (h-14); at the very top from md up, where there is none.
      // Sticky only in a window at least 40rem high: in a short one (a phone on its side, a page
      // zoomed to 400%) the bar and the banner held most of it, over what the keyboard reached.
      className="bg-card top-14 z-10 flex items-start gap-3 rounded-xl border p-3 shadow-sm sm:p-4 md:top-0 [@media(min-height:40rem)]:sticky"
    >
      <span className="bg-primary/10 text-primary flex size-9 shrink-0 items-center justify-center rounded-full">
        <BellRing aria-hidden="true" className="size-4" />
      </span>
      {children}
    </section>
  );
}

/**
 * `reserveReminderHeight`: while the rules load, the banner is as tall as a reminder whose rule
 * and notes take a line each (the label, the two lines and, on phones, the controls below them),
 * so the cards under it do not jump down when the reminder arrives (a layout shift Lighthouse
 * counts against the dashboard).
 */
function BannerMessage({
  children,
  reserveReminderHeight = false,
}: {
  children: ReactNode;
  reserveReminderHeight?: boolean;
}) {
  return (
    <BannerFrame>
      <p
        role="status"
        className={cn(
          'text-muted-foreground flex min-w-0 flex-1 items-center self-stretch text-sm',
          reserveReminderHeight && 'min-h-26.5 sm:min-h-16.5',
        )}
      >
        {children}
      </p>
    </BannerFrame>
  );
}
