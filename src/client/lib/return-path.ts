import { useHistoryState } from 'wouter/use-browser-location';
import { paths } from './paths.ts';

/**
 * Where to go after logging in. The page that was asked for travels to the login screen in
 * the history entry's state, not in the address, so the login screen's address stays `/login`
 * and no link from elsewhere can carry a destination.
 */
type LoginHistoryState = { returnTo: string };

/** An address no URL parser reads as another host; anything else becomes the dashboard. */
const ORIGIN = 'http://rulekeeper.invalid';

/**
 * `value` if it is a path of this app, else the dashboard. Refused: other origins,
 * protocol-relative (`//host`) and backslash tricks, control characters, the API, and the
 * login and signup screens themselves (they would loop).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return paths.dashboard;
  // Browsers read `\` as `/` and drop tabs and line breaks: `/\host` would leave the site.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\\\u0000-\u001F\u007F]/.test(value) || value.startsWith('//')) return paths.dashboard;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return paths.dashboard;
  }
  if (url.origin !== ORIGIN) return paths.dashboard;
  const { pathname } = url;
  if (pathname === paths.login || pathname === paths.signup) return paths.dashboard;
  if (pathname === '/api' || pathname.startsWith('/api/')) return paths.dashboard;
  return `${pathname}${url.search}${url.hash}`;
}

/** The address of the page on show, as a path: what the login screen should come back to. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** The history state that sends the login screen back to `path` afterwards. */
export function loginHistoryState(path: string): LoginHistoryState {
  return { returnTo: path };
}

/** The page to return to, read from a history entry's state. */
export function returnPathFromState(state: unknown): string {
  const returnTo =
    typeof state === 'object' && state !== null && 'returnTo' in state
      ? (state as Partial<LoginHistoryState>).returnTo
      : undefined;
  return safeReturnPath(returnTo);
}

/** The page the login screen should lead to: the one that was asked for, or the dashboard. */
export function useReturnPath(): string {
  return returnPathFromState(useHistoryState());
}
