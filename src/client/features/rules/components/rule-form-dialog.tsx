import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ruleInputSchema,
  type Rule,
  type RuleData,
  type RuleInput,
} from '#shared/schemas/rules.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { FormDialog, useFormDialog } from '#client/components/form-dialog.tsx';
import { focusFirstError } from '#client/lib/form-errors.ts';
import { SavingFields } from '#client/components/saving-fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { changedFields } from '#client/lib/drafts.ts';
import { useCreateRule } from '../api/create-rule.ts';
import { useUpdateRule } from '../api/update-rule.ts';

export type RuleFormMode = 'add' | 'edit';

type RuleFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: RuleFormMode;
  /** The rule being edited; unused when adding. */
  rule: Rule | null;
};

/** The Add Trading Rule and Edit Trading Rule dialogs. */
export function RuleFormDialog({ open, onOpenChange, mode, rule }: RuleFormDialogProps) {
  const isEdit = mode === 'edit';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? 'Edit Trading Rule' : 'Add Trading Rule'}
      description={
        isEdit
          ? 'Change what this rule says or the notes that go with it.'
          : 'Write down a rule you mean to follow in every trading session.'
      }
    >
      {/* The form mounts each time the dialog opens, so it always starts from these values. */}
      <RuleForm mode={mode} rule={rule} />
    </FormDialog>
  );
}

/** In the order they are shown: a server refusal focuses the first field it names. */
const fields = ['description', 'notes'] as const;

type RuleFormProps = { mode: RuleFormMode; rule: Rule | null };

function RuleForm({ mode, rule }: RuleFormProps) {
  const initial = mode === 'edit' ? rule : null;
  const defaults = { description: initial?.description ?? '', notes: initial?.notes ?? '' };
  const form = useForm<RuleInput, unknown, RuleData>({
    resolver: zodResolver(ruleInputSchema),
    defaultValues: defaults,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;

  const createRule = useCreateRule({
    onSuccess: () => {
      close();
      toast({ title: 'Success', description: 'Trading rule has been created' });
    },
    onError: (error) =>
      reportFormError(error, { form, fields, fallback: 'Failed to create trading rule' }),
  });
  const updateRule = useUpdateRule({
    onSuccess: () => {
      close();
      toast({ title: 'Success', description: 'Trading rule has been updated' });
    },
    onError: (error) =>
      reportFormError(error, { form, fields, fallback: 'Failed to update trading rule' }),
  });

  const isSaving = createRule.isPending || updateRule.isPending;
  const { close } = useFormDialog({
    isDirty,
    isSaving,
    draft: {
      key: initial ? `rule-${initial.id}` : 'rule-new',
      values: () => changedFields(form.getValues(), defaults),
      restore: (values) => form.reset({ ...defaults, ...values }, { keepDefaultValues: true }),
    },
  });

  const submit = (values: RuleData) => {
    if (mode === 'add') {
      createRule.mutate(values);
    } else if (rule) {
      updateRule.mutate({ id: rule.id, input: values });
    } else {
      toast({ variant: 'destructive', title: 'Error', description: 'No rule to update' });
    }
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={handleSubmit(submit)}>
      <SavingFields isSaving={isSaving} focusFirstError={() => focusFirstError(form, fields)}>
        <FormField label="Rule Description" error={errors.description?.message}>
          <Input
            placeholder="e.g., Follow stop loss on every trade"
            autoComplete="off"
            {...register('description')}
          />
        </FormField>
        <FormField
          label="Additional Notes"
          hint="These notes will appear as reminders on your dashboard"
          error={errors.notes?.message}
        >
          <Textarea
            rows={4}
            placeholder="Why this rule matters, or how to apply it (optional)"
            {...register('notes')}
          />
        </FormField>
      </SavingFields>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isSaving}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSaving}>
          {mode === 'add'
            ? createRule.isPending
              ? 'Adding...'
              : 'Add Rule'
            : updateRule.isPending
              ? 'Updating...'
              : 'Update Rule'}
        </Button>
      </DialogFooter>
    </form>
  );
}
