import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
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

  const close = useCallback(() => {
    setConfirmingDiscard(false);
    onOpenChange(false);
  }, [onOpenChange]);

  const report = useCallback((state: FormState) => {
    formState.current = state;
  }, []);
  const context = useMemo<FormDialogContextValue>(() => ({ report, close }), [report, close]);

  useEffect(() => {
    if (!open) return;
    const askBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (formState.current.isDirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', askBeforeLeaving);
    return () => window.removeEventListener('beforeunload', askBeforeLeaving);
  }, [open]);

  const requestClose = () => {
    if (formState.current.isSaving) return;
    if (formState.current.isDirty) setConfirmingDiscard(true);
    else close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      {/* Without a description, say so: Radix otherwise warns about a missing one. */}
      <DialogContent {...(description ? {} : { 'aria-describedby': undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
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

/**
 * Tells the surrounding FormDialog whether the form has unsaved text and whether it is saving,
 * and gives the form `close`, which closes without asking (after a successful save).
 */
export function useFormDialog({ isDirty, isSaving }: FormState) {
  const context = use(FormDialogContext);
  if (!context) throw new Error('useFormDialog must be used inside a FormDialog');
  const { report, close } = context;

  // A layout effect: the state is current before the browser paints, so before any key press.
  useLayoutEffect(() => {
    report({ isDirty, isSaving });
  }, [report, isDirty, isSaving]);
  useLayoutEffect(() => () => report({ isDirty: false, isSaving: false }), [report]);

  return { close };
}
