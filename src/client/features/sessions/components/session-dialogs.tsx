import { useState, type ReactNode } from 'react';
import type { Session } from '#shared/schemas/sessions.ts';
import { SessionFormDialog } from './session-form-dialog.tsx';

type DialogState = { open: boolean; session: Session | null };

/**
 * The new-session and edit-session dialog of one screen and the functions that open it, so
 * that a page's buttons share one dialog. Closing keeps the last session so that the dialog
 * does not change while it fades out.
 */
export function useSessionDialogs(): {
  openNew: () => void;
  openEdit: (session: Session) => void;
  dialogs: ReactNode;
} {
  const [state, setState] = useState<DialogState>({ open: false, session: null });

  const dialogs = (
    <SessionFormDialog
      {...state}
      onOpenChange={(open) => setState((current) => ({ ...current, open }))}
    />
  );

  return {
    openNew: () => setState({ open: true, session: null }),
    openEdit: (session: Session) => setState({ open: true, session }),
    dialogs,
  };
}
