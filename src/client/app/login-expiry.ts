import { navigate } from 'wouter/use-browser-location';
import type { User } from '#shared/schemas/auth.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { keepDrafts } from '#client/lib/drafts.ts';
import { paths } from '#client/lib/paths.ts';
import type { LoginEnd } from '#client/lib/query-client.ts';
import { currentPath, loginHistoryState } from '#client/lib/return-path.ts';

/**
 * The query client has found a login that ended (a 401, or the login's own answer) and
 * forgotten it: keep what the trader was typing in an open form, say so, and go to the login
 * screen, which leads back to this page afterwards. The history entry is replaced, so Back does
 * not return to a page that would only redirect again. A login replaced by another tab's says
 * so: the browser holds one login, and this tab's was not what ran out.
 */
export function handleLoginExpired(user: User | null, why: LoginEnd) {
  const kept = user ? keepDrafts(user.id) : 0;
  const reason = why === 'replaced' ? 'Another tab logged in as someone else. ' : '';
  toast({
    title: 'Your login has expired',
    description:
      kept > 0
        ? `${reason}Please log in again. What you were typing is kept: open the same form to go on.`
        : `${reason}Please log in again.`,
  });
  if (window.location.pathname === paths.login) return;
  navigate(paths.login, { replace: true, state: loginHistoryState(currentPath()) });
}
