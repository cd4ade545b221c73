import { Checkbox } from '#client/components/ui/checkbox.tsx';
import type { Selection } from '../hooks/use-selection.ts';
import { nameOfRow } from './session-row-actions.tsx';

type SelectAllCheckboxProps = { selection: Selection; id?: string };

/**
 * Ticks or unticks every loaded row. When only some are ticked it is mixed: a dash, and 'mixed'
 * to assistive technology.
 */
export function SelectAllCheckbox({ selection, id }: SelectAllCheckboxProps) {
  return (
    <Checkbox
      id={id}
      aria-label="Select all sessions"
      checked={selection.allState}
      onCheckedChange={selection.toggleAll}
      className="align-middle"
    />
  );
}

type SelectSessionCheckboxProps = {
  session: { id: number; name: string; date: string };
  selection: Selection;
  className?: string;
};

/** Ticks one session's row (or card on a phone), named after the session and its date. */
export function SelectSessionCheckbox({
  session,
  selection,
  className,
}: SelectSessionCheckboxProps) {
  return (
    <Checkbox
      aria-label={`Select ${nameOfRow(session)}`}
      checked={selection.isSelected(session.id)}
      onCheckedChange={(checked) => selection.toggle(session.id, checked)}
      className={className}
    />
  );
}
