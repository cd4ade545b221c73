/**
 * Keys of queries that outlive a login: logout keeps them and drops the rest.
 * They live here because more than one feature needs them.
 */
export const appInfoQueryKey = ['app-info'] as const;
