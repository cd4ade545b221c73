import {
  createContext,
  use,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthSession } from '#shared/schemas/auth.ts';
import { takeDraft, watchForDraft } from '#client/lib/drafts.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RestoredNote } from './restored-note.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './ui/dialog.tsx';

type FormState = { isDirty: boolean; isSaving: boolean };

type FormDialogContextValue = {
  report: (state: FormState) => void;
  close: () => void;
  /** Whether the form was given back a draft: the dialog says so while that form is open. */
  restored: (isRestored: boolean) => void;
};

const FormDialogContext = createContext<FormDialogContextValue | null>(null);

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form. It mounts each time the dialog opens and reports itself with `useFormDialog`. */
  children: ReactNode;
};

/**
 * A dialog holding a form. Escape, Back, a click outside, the X and Cancel all ask to close,
 * and: while the form is saving nothing closes it (the answer is on its way); with typed text
 * not yet saved it first asks 'Discard changes?'; a pristine form closes at once. Leaving the
 * page itself (a reload, closing the tab) with typed text has the browser ask first.
 */
export function FormDialog({ open, onOpenChange, title, description, children }: FormDialogProps) {
  // Read when a close is asked for, not rendered: a ref keeps typing from re-rendering the dialog.
  const formState = useRef<FormState>({ isDirty: false, isSaving: false });
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [isRestored, setRestored] = useState(false);
  // Read as the dialog places focus, in the same commit that restored the draft.
  const restoredOnOpen = useRef(false);
  const markRestored = useCallback((restored: boolean) => {
    restoredOnOpen.current = restored;
    setRestored(restored);
  }, []);
  const restoredNoteId = useId();

  const close = useCallback(() => {
    setConfirmingDiscard(false);
    onOpenChange(false);
  }, [onOpenChange]);

  const report = useCallback((state: FormState) => {
    formState.current = state;
  }, []);
  const context = useMemo<FormDialogContextValue>(
    () => ({ report, close, restored: markRestored }),
    [report, close, markRestored],
  );

  const requestClose = () => {
    if (formState.current.isSaving) return;
    if (formState.current.isDirty) setConfirmingDiscard(true);
    else close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      {/* Radix adds the description's id to these; without a description, saying none keeps
          it from warning about a missing one. A restored form's note describes the dialog too,
          as it opens: a status already shown when it appears is not announced. */}
      <DialogContent
        aria-describedby={isRestored ? restoredNoteId : undefined}
        onOpenAutoFocus={(event) => {
          if (!restoredOnOpen.current || !(event.currentTarget instanceof HTMLElement)) return;
          event.preventDefault();
          focusToGoOn(event.currentTarget);
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {isRestored ? <RestoredNote id={restoredNoteId} /> : null}
        <FormDialogContext value={context}>{children}</FormDialogContext>
        <ConfirmDialog
          open={confirmingDiscard}
          onOpenChange={setConfirmingDiscard}
          title="Discard changes?"
          description="What you typed in this dialog has not been saved and will be lost."
          cancelLabel="Keep editing"
          confirmLabel="Discard"
          destructive
          onConfirm={close}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Text fields whose caret can be placed (an email or number field has no selection to set). */
const CARET_TYPES = new Set(['text', 'search', 'url', 'tel', 'password']);

/**
 * A restored form's first field takes focus with the caret after its text: the dialogs' usual
 * focus selects the text, and the next key pressed would replace what was just given back.
 */
function focusToGoOn(dialog: HTMLElement) {
  const field = dialog.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled)',
  );
  if (!field) return;
  field.focus();
  if (field instanceof HTMLTextAreaElement || CARET_TYPES.has(field.type)) {
    field.setSelectionRange(field.value.length, field.value.length);
  }
}

/** A form's draft: kept if the login ends while it holds typed text, given back on reopening. */
export type FormDraft = {
  /** The form and what it edits, such as `rule-new` or `session-12`. */
  key: string;
  /** The fields the trader changed (`changedFields`), what cannot be kept left out. */
  values: () => Record<string, unknown> | null;
  /** Puts kept values back on top of the form's defaults; the form is then dirty. */
  restore: (values: Record<string, unknown>) => void;
};

/**
 * Tells the surrounding FormDialog whether the form has unsaved text and whether it is saving,
 * and gives the form `close`, which closes without asking (after a successful save). With a
 * `draft`, what the form holds outlives a login that ends (src/client/lib/drafts.ts).
 */
export function useFormDialog({ isDirty, isSaving, draft }: FormState & { draft?: FormDraft }) {
  const context = use(FormDialogContext);
  if (!context) throw new Error('useFormDialog must be used inside a FormDialog');
  const { report, close, restored } = context;
  const queryClient = useQueryClient();

  // A layout effect: the state is current before the browser paints, so before any key press.
  useLayoutEffect(() => {
    report({ isDirty, isSaving });
  }, [report, isDirty, isSaving]);
  useLayoutEffect(() => () => report({ isDirty: false, isSaving: false }), [report]);
  // Leaving the page itself (a reload, closing the tab) with typed text has the browser ask.
  useUnsavedChanges(isDirty);

  const latest = useRef({ isDirty, draft });
  useLayoutEffect(() => {
    latest.current = { isDirty, draft };
  });
  const draftKey = draft?.key;
  useLayoutEffect(() => {
    if (draftKey === undefined) return;
    const writer = queryClient.getQueryData<AuthSession>(queryKeys.auth.session)?.user?.id;
    const kept = writer === undefined ? null : takeDraft(draftKey, writer);
    if (kept) {
      latest.current.draft?.restore(kept);
      restored(true);
    }
    const stopWatching = watchForDraft({
      key: draftKey,
      values: () => (latest.current.isDirty ? (latest.current.draft?.values() ?? null) : null),
    });
    return () => {
      stopWatching();
      restored(false);
    };
  }, [draftKey, queryClient, restored]);

  return { close };
}
