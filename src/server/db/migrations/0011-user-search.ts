import type { Kysely } from 'kysely';

/**
 * The fields the administrator's search looks through, kept on each user's row folded in
 * JavaScript (`user-search.ts`), so that both databases ignore case and Unicode form alike.
 * Every account there is gets its text here; the writes keep it from then on.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await fillSearchTexts(db);
}

/** The same text as `userSearchText`, copied rather than imported, so that this stays as written. */
function searchText(fields: (string | null)[]): string {
  return fields.map((field) => (field ?? '').normalize('NFKC').toLowerCase()).join('\n');
}

const BATCH = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fillSearchTexts(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const users: {
      id: number;
      username: string;
      full_name: string;
      email: string;
      company_name: string | null;
    }[] = await db
      .selectFrom('users')
      .select(['id', 'username', 'full_name', 'email', 'company_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const user of users) {
      await db
        .updateTable('users')
        .set({
          search_text: searchText([user.username, user.full_name, user.email, user.company_name]),
        })
        .where('id', '=', user.id)
        .execute();
    }
    const last = users.at(-1);
    if (!last || users.length < BATCH) return;
    after = last.id;
  }
}
