import { useState } from 'react';

type SelectionState = { scope: string; ids: ReadonlySet<number> };

/**
 * Rows ticked on a list. The selection belongs to one `scope` (the filtered view) and is
 * cleared when it changes; only rows still loaded count, so a row deleted meanwhile (here or
 * in another tab) can never be sent again.
 */
export function useSelection(loadedIds: readonly number[], scope: string) {
  const [state, setState] = useState<SelectionState>({ scope, ids: new Set() });
  const current = state.scope === scope ? state.ids : new Set<number>();
  const selectedIds = loadedIds.filter((id) => current.has(id));

  const update = (change: (ids: Set<number>) => void) =>
    setState((previous) => {
      const ids = new Set(previous.scope === scope ? previous.ids : []);
      change(ids);
      return { scope, ids };
    });

  return {
    selectedIds,
    isSelected: (id: number) => current.has(id),
    /** `true`, `false`, or 'indeterminate' when some of the loaded rows are ticked. */
    allState:
      selectedIds.length === 0
        ? false
        : selectedIds.length === loadedIds.length
          ? true
          : ('indeterminate' as const),
    toggle: (id: number, isChecked: boolean) =>
      update((ids) => (isChecked ? ids.add(id) : ids.delete(id))),
    toggleAll: (isChecked: boolean) =>
      update((ids) => {
        ids.clear();
        if (isChecked) loadedIds.forEach((id) => ids.add(id));
      }),
    /**
     * Unticks `ids` only: rows ticked since they were sent stay ticked, in whichever view is
     * shown by then (the filters may have changed while a delete was awaited).
     */
    untick: (unticked: readonly number[]) =>
      setState((previous) => {
        const ids = new Set(previous.ids);
        unticked.forEach((id) => ids.delete(id));
        return { scope: previous.scope, ids };
      }),
  };
}

export type Selection = ReturnType<typeof useSelection>;
