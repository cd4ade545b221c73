import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_SESSIONS_SHOWN } from '#shared/constants.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { getSessions } from './get-sessions.ts';

/**
 * The newest few sessions, or the newest few with a screenshot: the dashboard asks the API for
 * just what it shows, never a whole history.
 */
export function recentSessionsQueryOptions({ hasScreenshot }: { hasScreenshot?: boolean } = {}) {
  const query = {
    limit: RECENT_SESSIONS_SHOWN,
    ...(hasScreenshot ? { hasScreenshot: 'true' as const } : {}),
  };
  return queryOptions({
    queryKey: queryKeys.sessions.recent(query),
    queryFn: async ({ signal }) => (await getSessions(query, { signal })).sessions,
  });
}

export function useRecentSessions(options: { hasScreenshot?: boolean } = {}) {
  return useQuery(recentSessionsQueryOptions(options));
}
