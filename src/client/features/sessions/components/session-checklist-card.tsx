import { CircleCheck, CircleX, ClipboardList } from 'lucide-react';
import { useId } from 'react';
import type { SessionRuleResult } from '#shared/schemas/sessions.ts';
import { TitledCard } from '#client/components/titled-card.tsx';

/**
 * The session's checklist split into the rules kept and the rules broken, each as the rule read
 * when the session was saved: editing or deleting a rule later does not rewrite history.
 */
export function SessionChecklistCard({ items }: { items: SessionRuleResult[] }) {
  const followed = items.filter((item) => item.followed);
  const violated = items.filter((item) => !item.followed);
  return (
    <TitledCard title="Rules Compliance">
      {items.length === 0 ? (
        <div className="text-muted-foreground flex flex-col items-center gap-2 py-6 text-center">
          <ClipboardList aria-hidden="true" className="size-6" />
          <p>No rules compliance data available for this session</p>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {followed.length > 0 ? (
            <RuleResultList title="Rules Successfully Followed" items={followed} />
          ) : null}
          {violated.length > 0 ? <RuleResultList title="Rules Violated" items={violated} /> : null}
        </div>
      )}
    </TitledCard>
  );
}

function RuleResultList({ title, items }: { title: string; items: SessionRuleResult[] }) {
  const titleId = useId();
  return (
    <section className="grid content-start gap-3">
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      <ul aria-labelledby={titleId} className="grid gap-2">
        {items.map((item) => (
          <RuleResultItem key={item.ruleId} item={item} />
        ))}
      </ul>
    </section>
  );
}

function RuleResultItem({ item }: { item: SessionRuleResult }) {
  const Icon = item.followed ? CircleCheck : CircleX;
  return (
    <li
      className={
        item.followed
          ? 'flex gap-3 rounded-lg border border-green-200 bg-green-50 p-3 dark:border-green-900 dark:bg-green-950/60'
          : 'flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 dark:border-red-900 dark:bg-red-950/60'
      }
    >
      <Icon
        aria-hidden="true"
        className={
          item.followed
            ? 'mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400'
            : 'mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400'
        }
      />
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere">{item.description || `Rule ${item.ruleId}`}</p>
        <p className="text-muted-foreground text-sm">
          {`Rule #${item.ruleId} - ${item.followed ? 'Successfully followed' : 'Needs improvement'}`}
        </p>
      </div>
    </li>
  );
}
