/**
 * Traders one statement reads at most when it reads many: their ids are bound one parameter
 * each, far under both drivers' limits (32,766 on SQLite, 65,535 on PostgreSQL).
 */
export const TRADERS_PER_STATEMENT = 500;

/**
 * `read` for every trader of `userIds`, a page of them per statement, one page after another
 * (a statement of a page at a time keeps other requests' queries between them), merged.
 */
export async function byPages<T>(
  userIds: readonly number[],
  read: (page: readonly number[]) => Promise<Map<number, T>>,
  pageSize = TRADERS_PER_STATEMENT,
): Promise<Map<number, T>> {
  const all = new Map<number, T>();
  for (let first = 0; first < userIds.length; first += pageSize) {
    for (const [userId, value] of await read(userIds.slice(first, first + pageSize))) {
      all.set(userId, value);
    }
  }
  return all;
}
