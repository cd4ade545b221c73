import { Minus } from 'lucide-react';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import type { Selection } from '../hooks/use-selection.ts';

type SelectAllCheckboxProps = { selection: Selection; id?: string };

/**
 * Ticks or unticks every loaded row. When only some are ticked it is 'mixed' to assistive
 * technology and shows a dash, not the tick the shared checkbox draws for every ticked state.
 */
export function SelectAllCheckbox({ selection, id }: SelectAllCheckboxProps) {
  const isMixed = selection.allState === 'indeterminate';
  return (
    <span className="relative inline-flex align-middle">
      <Checkbox
        id={id}
        aria-label="Select all sessions"
        checked={selection.allState}
        onCheckedChange={(checked) => selection.toggleAll(checked === true)}
        className="data-[state=indeterminate]:bg-primary data-[state=indeterminate]:[&_svg]:hidden"
      />
      {isMixed ? (
        <Minus
          aria-hidden="true"
          strokeWidth={3}
          className="text-primary-foreground pointer-events-none absolute inset-0 m-auto size-3"
        />
      ) : null}
    </span>
  );
}

type SelectSessionCheckboxProps = {
  session: { id: number; name: string };
  selection: Selection;
  className?: string;
};

/** Ticks one session's row (or card on a phone), named after the session. */
export function SelectSessionCheckbox({
  session,
  selection,
  className,
}: SelectSessionCheckboxProps) {
  return (
    <Checkbox
      aria-label={`Select ${session.name}`}
      checked={selection.isSelected(session.id)}
      onCheckedChange={(checked) => selection.toggle(session.id, checked === true)}
      className={className}
    />
  );
}
