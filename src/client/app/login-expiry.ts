import { navigate } from 'wouter/use-browser-location';
import type { User } from '#shared/schemas/auth.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { keepDrafts } from '#client/lib/drafts.ts';
import { paths } from '#client/lib/paths.ts';
import { currentPath, loginHistoryState } from '#client/lib/return-path.ts';

/**
 * The query client has found a login that ended on the server (a 401) and forgotten it: keep
 * what the trader was typing in an open form, say so, and go to the login screen, which leads
 * back to this page afterwards. The history entry is replaced, so Back does not return to a
 * page that would only redirect again.
 */
export function handleLoginExpired(user: User | null) {
  const kept = user ? keepDrafts(user.id) : 0;
  toast({
    title: 'Your login has expired',
    description:
      kept > 0
        ? 'Please log in again. What you were typing is kept: open the same form to go on.'
        : 'Please log in again.',
  });
  if (window.location.pathname === paths.login) return;
  navigate(paths.login, { replace: true, state: loginHistoryState(currentPath()) });
}
