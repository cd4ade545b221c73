import { useState } from 'react';
import type { Rule } from '#shared/schemas/rules.ts';
import { DeleteRuleDialog } from './delete-rule-dialog.tsx';
import { RuleFormDialog, type RuleFormMode } from './rule-form-dialog.tsx';

type FormDialogState = { open: boolean; mode: RuleFormMode; rule: Rule | null };
type DeleteDialogState = { open: boolean; rule: Rule | null };

/**
 * The add, edit and delete dialogs of one screen and the functions that open
 * them, so that a page button and the rules card share one set of dialogs.
 * Closing keeps the last rule so that the dialog does not change while it fades out.
 */
export function useRuleDialogs() {
  const [form, setForm] = useState<FormDialogState>({ open: false, mode: 'add', rule: null });
  const [removal, setRemoval] = useState<DeleteDialogState>({ open: false, rule: null });

  const dialogs = (
    <>
      <RuleFormDialog {...form} onOpenChange={(open) => setForm((state) => ({ ...state, open }))} />
      <DeleteRuleDialog
        {...removal}
        onOpenChange={(open) => setRemoval((state) => ({ ...state, open }))}
      />
    </>
  );

  return {
    openAdd: () => setForm({ open: true, mode: 'add', rule: null }),
    openEdit: (rule: Rule) => setForm({ open: true, mode: 'edit', rule }),
    openDelete: (rule: Rule) => setRemoval({ open: true, rule }),
    dialogs,
  };
}
