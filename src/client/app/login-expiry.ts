import { navigate } from 'wouter/use-browser-location';
import { toast } from '#client/components/ui/use-toast.ts';
import { paths } from '#client/lib/paths.ts';
import { currentPath, loginHistoryState } from '#client/lib/return-path.ts';

/**
 * The query client has found a login that ended on the server (a 401) and forgotten it: say so,
 * and go to the login screen, which leads back to this page afterwards. The history entry is
 * replaced, so Back does not return to a page that would only redirect again.
 */
export function handleLoginExpired() {
  toast({ title: 'Your login has expired', description: 'Please log in again.' });
  if (window.location.pathname === paths.login) return;
  navigate(paths.login, { replace: true, state: loginHistoryState(currentPath()) });
}
