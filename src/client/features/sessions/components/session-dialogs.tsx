import type { ReactNode } from 'react';
import type { Session } from '#shared/schemas/sessions.ts';

/**
 * The new-session and edit-session dialog of one screen and the functions that open it.
 * (Interface first; the dialog itself is being built.)
 */
export function useSessionDialogs(): {
  openNew: () => void;
  openEdit: (session: Session) => void;
  dialogs: ReactNode;
} {
  return { openNew: () => {}, openEdit: () => {}, dialogs: null };
}
