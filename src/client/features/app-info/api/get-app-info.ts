import { queryOptions, useQuery } from '@tanstack/react-query';
import { appInfoSchema, type AppInfo } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** What the client shows until the server has answered (or when it cannot). */
export const DEFAULT_APP_INFO: AppInfo = {
  name: 'Rulekeeper',
  company: 'Rulekeeper Labs',
  isSignupOpen: true,
};

export function getAppInfo({ signal }: { signal?: AbortSignal } = {}): Promise<AppInfo> {
  return apiRequest('/api/app-info', { schema: appInfoSchema, signal });
}

export const appInfoQueryOptions = queryOptions({
  queryKey: queryKeys.appInfo,
  queryFn: getAppInfo,
});

/** Branding and signup availability; falls back to the product defaults. */
export function useAppInfo() {
  const query = useQuery(appInfoQueryOptions);
  return { ...query, appInfo: query.data ?? DEFAULT_APP_INFO };
}
