import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Session } from '#shared/schemas/sessions.ts';
import { preloadable, preloadWhenIdle } from '#client/lib/preloadable.ts';

type DialogState = { open: boolean; session: Session | null };

// The form's code (its fields, the rules checklist, the screenshot picker, the select and the
// dialog around them) is not needed to draw the screen: it downloads once the screen is up.
const sessionFormDialog = preloadable(() =>
  import('./session-form-dialog.tsx').then((module) => module.SessionFormDialog),
);
const SessionFormDialog = sessionFormDialog.Component;

/**
 * The new-session and edit-session dialog of one screen and the functions that open it, so
 * that a page's buttons share one dialog. Closing keeps the last session so that the dialog
 * does not change while it fades out. The dialog is built the first time it opens.
 */
export function useSessionDialogs(): {
  openNew: () => void;
  openEdit: (session: Session) => void;
  dialogs: ReactNode;
} {
  const [state, setState] = useState<DialogState | null>(null);
  useEffect(() => preloadWhenIdle(sessionFormDialog.preload), []);

  const dialogs = state ? (
    <Suspense fallback={null}>
      <SessionFormDialog
        {...state}
        onOpenChange={(open) => setState((current) => current && { ...current, open })}
      />
    </Suspense>
  ) : null;

  return {
    openNew: () => setState({ open: true, session: null }),
    openEdit: (session: Session) => setState({ open: true, session }),
    dialogs,
  };
}
