import { Suspense, useEffect, useState } from 'react';
import type { Rule } from '#shared/schemas/rules.ts';
import { preloadable, preloadWhenIdle } from '#client/lib/preloadable.ts';
import type { RuleFormMode } from './rule-form-dialog.tsx';

type FormDialogState = { open: boolean; mode: RuleFormMode; rule: Rule | null };
type DeleteDialogState = { open: boolean; rule: Rule | null };

// Not needed to draw the screen: the dialogs' code downloads once it is up.
const ruleFormDialog = preloadable(() =>
  import('./rule-form-dialog.tsx').then((module) => module.RuleFormDialog),
);
const deleteRuleDialog = preloadable(() =>
  import('./delete-rule-dialog.tsx').then((module) => module.DeleteRuleDialog),
);
const RuleFormDialog = ruleFormDialog.Component;
const DeleteRuleDialog = deleteRuleDialog.Component;

/**
 * The add, edit and delete dialogs of one screen and the functions that open
 * them, so that a page button and the rules card share one set of dialogs.
 * Closing keeps the last rule so that the dialog does not change while it fades out.
 * Each dialog is built the first time it opens.
 */
export function useRuleDialogs() {
  const [form, setForm] = useState<FormDialogState | null>(null);
  const [removal, setRemoval] = useState<DeleteDialogState | null>(null);
  useEffect(
    () =>
      preloadWhenIdle(() => Promise.all([ruleFormDialog.preload(), deleteRuleDialog.preload()])),
    [],
  );

  // Each in its own boundary: one dialog's code arriving late does not hide the other.
  const dialogs = (
    <>
      {form ? (
        <Suspense fallback={null}>
          <RuleFormDialog
            {...form}
            onOpenChange={(open) => setForm((state) => state && { ...state, open })}
          />
        </Suspense>
      ) : null}
      {removal ? (
        <Suspense fallback={null}>
          <DeleteRuleDialog
            {...removal}
            onOpenChange={(open) => setRemoval((state) => state && { ...state, open })}
          />
        </Suspense>
      ) : null}
    </>
  );

  return {
    openAdd: () => setForm({ open: true, mode: 'add', rule: null }),
    openEdit: (rule: Rule) => setForm({ open: true, mode: 'edit', rule }),
    openDelete: (rule: Rule) => setRemoval({ open: true, rule }),
    dialogs,
  };
}
