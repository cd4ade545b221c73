import { isHttpError } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * What an administrator's write refreshes: the user list; the team's figures, which list the
 * accounts that share them (a deleted one must leave them); and the login's own user, since a
 * 403 means this administrator has just lost the rights (another administrator took them), and
 * the screen should then say 'Not allowed' rather than offer buttons that can only fail.
 */
export const adminWriteRefreshes = {
  refreshes: [queryKeys.users.all, queryKeys.team.all, queryKeys.auth.session],
  refreshOnError: (error: Error) => isHttpError(error, 403, 404, 409),
};
