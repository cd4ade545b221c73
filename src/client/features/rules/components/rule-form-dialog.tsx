import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  ruleInputSchema,
  type Rule,
  type RuleData,
  type RuleInput,
} from '#shared/schemas/rules.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { getErrorMessage, HttpError } from '#client/lib/api-client.ts';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Trading Rule' : 'Add Trading Rule'}</DialogTitle>
          <DialogDescription>
            {isEdit
              ? 'Change what this rule says or the notes that go with it.'
              : 'Write down a rule you mean to follow in every trading session.'}
          </DialogDescription>
        </DialogHeader>
        {/* The form mounts each time the dialog opens, so it always starts from these values. */}
        <RuleForm mode={mode} rule={rule} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const fieldNames = ['description', 'notes'] as const;
type FieldName = (typeof fieldNames)[number];

function isFieldName(path: string): path is FieldName {
  return (fieldNames as readonly string[]).includes(path);
}

type RuleFormProps = { mode: RuleFormMode; rule: Rule | null; onDone: () => void };

function RuleForm({ mode, rule, onDone }: RuleFormProps) {
  const notesId = useId();
  const hintId = `${notesId}-hint`;
  const notesErrorId = `${notesId}-error`;
  const initial = mode === 'edit' ? rule : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RuleInput, unknown, RuleData>({
    resolver: zodResolver(ruleInputSchema),
    defaultValues: { description: initial?.description ?? '', notes: initial?.notes ?? '' },
  });

  const showFailure = (error: Error, fallback: string) => {
    // A 400 names the offending fields: show those messages beside them as well.
    if (error instanceof HttpError) {
      for (const issue of error.issues ?? []) {
        if (isFieldName(issue.path)) setError(issue.path, { message: issue.message });
      }
    }
    toast({
      variant: 'destructive',
      title: 'Error',
      description: getErrorMessage(error, fallback),
    });
  };

  const createRule = useCreateRule({
    onSuccess: () => {
      onDone();
      toast({ title: 'Success', description: 'Trading rule has been created' });
    },
    onError: (error) => showFailure(error, 'Failed to create trading rule'),
  });
  const updateRule = useUpdateRule({
    onSuccess: () => {
      onDone();
      toast({ title: 'Success', description: 'Trading rule has been updated' });
    },
    onError: (error) => showFailure(error, 'Failed to update trading rule'),
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

  const isPending = createRule.isPending || updateRule.isPending;
  const notesError = errors.notes?.message;

  return (
    <form noValidate className="grid gap-5" onSubmit={handleSubmit(submit)}>
      <TextField
        label="Rule Description"
        placeholder="e.g., Follow stop loss on every trade"
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-2">
        <Label htmlFor={notesId}>Additional Notes</Label>
        <Textarea
          id={notesId}
          rows={4}
          placeholder="Why this rule matters, or how to apply it (optional)"
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `${hintId} ${notesErrorId}` : hintId}
          {...register('notes')}
        />
        <p id={hintId} className="text-muted-foreground text-sm">
          These notes will appear as reminders on your dashboard
        </p>
        {notesError ? (
          <p id={notesErrorId} className="text-destructive text-sm font-medium">
            {notesError}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isPending}>
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
