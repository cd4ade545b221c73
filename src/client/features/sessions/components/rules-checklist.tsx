import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import type { ChecklistState } from './session-form-schema.ts';

type RulesChecklistProps = {
  checklist: ChecklistState;
  /** The ids of the ticked items. */
  value: number[];
  onChange: (value: number[]) => void;
  /** What to say when there are no lines at all. */
  emptyMessage: ReactNode;
  error?: string | undefined;
  /** Given to the first checkbox, so that a refusal about the checklist can focus it. */
  ref?: Ref<HTMLInputElement>;
};

/** 'Trading Rules Followed': one labelled checkbox per rule, in the rules' order. */
export function RulesChecklist({
  checklist,
  value,
  onChange,
  emptyMessage,
  error,
  ref,
}: RulesChecklistProps) {
  const id = useId();
  const errorId = `${id}-error`;

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Trading Rules Followed</legend>
      <ChecklistBody
        checklist={checklist}
        value={value}
        onChange={onChange}
        emptyMessage={emptyMessage}
        idPrefix={id}
        ref={ref}
      />
      {error ? (
        <p id={errorId} className="text-destructive text-sm font-medium">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type ChecklistBodyProps = Omit<RulesChecklistProps, 'error'> & { idPrefix: string };

function ChecklistBody({
  checklist,
  value,
  onChange,
  emptyMessage,
  idPrefix,
  ref,
}: ChecklistBodyProps) {
  if (checklist.status === 'pending') {
    // Three rows of the list's own shape: a smaller placeholder moved every field below the
    // list (and the dialog's buttons) as the rules came.
    return (
      <div role="status" aria-label="Loading trading rules" className="divide-y rounded-md border">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex items-start gap-3 px-3">
            <Skeleton className="mt-3.5 size-4 shrink-0" />
            <div className="flex-1 py-3 text-sm leading-snug">
              <Skeleton className="h-lh w-3/5" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (checklist.status === 'error') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
        <p className="text-muted-foreground">Your trading rules could not be loaded.</p>
        <Button type="button" size="sm" variant="outline" onClick={checklist.retry}>
          Try again
        </Button>
      </div>
    );
  }

  const { items } = checklist;
  if (items.length === 0) {
    return <p className="text-muted-foreground rounded-md border p-3 text-sm">{emptyMessage}</p>;
  }

  // Kept in checklist order, so ticking and unticking again leaves the form pristine.
  const toggle = (ruleId: number, isFollowed: boolean) =>
    onChange(
      items
        .map((item) => item.ruleId)
        .filter((id) => (id === ruleId ? isFollowed : value.includes(id))),
    );

  return (
    <ul className="divide-y rounded-md border">
      {items.map((item, index) => {
        const checkboxId = `${idPrefix}-rule-${item.ruleId}`;
        return (
          <li key={item.ruleId} className="flex items-start gap-3 px-3">
            <Checkbox
              id={checkboxId}
              ref={index === 0 ? ref : undefined}
              className="mt-3.5"
              checked={value.includes(item.ruleId)}
              onCheckedChange={(checked) => toggle(item.ruleId, checked)}
            />
            {/* The whole row's height is the label, so the target is comfortable on a phone. */}
            <Label
              htmlFor={checkboxId}
              variant="choice"
              className="flex-1 cursor-pointer py-3 leading-snug wrap-anywhere"
            >
              {item.description}
            </Label>
          </li>
        );
      })}
    </ul>
  );
}

/** A new session's checklist when the trader has no rules: where to write some. */
export function NoRulesYet() {
  return (
    <>
      You have no trading rules yet. Add them on the{' '}
      <Link href={paths.rules} className="text-primary font-medium underline underline-offset-4">
        Trading Rules
      </Link>{' '}
      page to tick them off here.
    </>
  );
}
