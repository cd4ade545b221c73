/**
 * True when `pathname` is a path of the route `pattern`: the same segments, with `:name`
 * segments standing for any one segment (`/history/:id` matches `/history/12`). The client's
 * router and the server's page hints share it, so they agree on which screen a path is.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => part.startsWith(':') || part === given[index])
  );
}
