// Most of the bench's data, written in bulk through the server's own database layer before the
// server starts: a thousand HTTP signups would spend minutes in argon2, and 5,000 session
// POSTs most of a minute. The crowd (a thousand traders with a few sessions each) makes every
// table hold other people's rows, as on a company's instance; the bench trader gets its account,
// rules and the sessions without a screenshot (seed.ts adds the others through the API). The
// month summaries are recounted by the server's own function, so the data is what the API
// would have written.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { complianceRating } from '#shared/compliance.ts';
import { createDatabase, type DatabaseOptions } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import { refreshMonthSummaries } from '#server/modules/analytics/analytics-summaries.ts';
import { createPasswordHasher } from '#server/modules/users/passwords.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';
import {
  BENCH_ACCOUNT,
  dayBefore,
  planSession,
  RULE_COUNT,
  ruleText,
  SESSION_COUNT,
} from './bench-trader.ts';

const CROWD_RULES = 5;
const CROWD_SESSIONS = 3;
/** Traders per transaction: a few thousand rows per insert stays under both drivers' limits. */
const CROWD_BATCH = 100;
/** Bench-trader sessions per insert: 200 × 20 checklist rows × 6 values, under 32,766. */
const SESSION_BATCH = 200;

interface SessionRow {
  user_id: number;
  name: string;
  session_date: string;
  session_type_id: number;
  notes: string | null;
  /** The checklist, rule by rule: each item's rule id, text and flag. */
  checklist: { rule_id: number; rule_description: string; followed: boolean }[];
}

/** Inserts sessions with their checklists; ratings and counts as the service computes them. */
async function insertSessions(trx: Transaction<Database>, sessions: SessionRow[]) {
  const inserted = await trx
    .insertInto('trading_sessions')
    .values(
      sessions.map(({ checklist, ...session }) => {
        const followed = checklist.filter((item) => item.followed).length;
        return {
          ...session,
          uid: randomUUID(),
          compliance_rating: complianceRating(followed, checklist.length),
          followed_count: followed,
          total_count: checklist.length,
        };
      }),
    )
    .returning('id')
    .execute();
  await trx
    .insertInto('session_rule_results')
    .values(
      sessions.flatMap((session, s) =>
        session.checklist.map((item, position) => ({
          ...item,
          session_id: inserted[s]?.id ?? 0,
          user_id: session.user_id,
          position,
        })),
      ),
    )
    .execute();
}

const refresh = (trx: Kysely<Database>, dialect: DialectName, userId: number, days: string[]) =>
  refreshMonthSummaries({ db: trx, dialect }, userId, days);

/** `count` traders (`trader_0001`, …), 5 rules and 3 sessions in the last two months each. */
async function seedCrowd(
  db: Kysely<Database>,
  dialect: DialectName,
  count: number,
  passwordHash: string,
  today: Date,
): Promise<number> {
  let sessionCount = 0;
  for (let first = 1; first <= count; first += CROWD_BATCH) {
    const numbers = Array.from(
      { length: Math.min(CROWD_BATCH, count - first + 1) },
      (_, i) => first + i,
    );
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          numbers.map((n) => {
            const username = `trader_${String(n).padStart(4, '0')}`;
            return {
              username,
              username_normalized: username,
              password_hash: passwordHash,
              full_name: `Trader ${n}`,
              email: `${username}@example.com`,
              search_text: userSearchText({
                username,
                fullName: `Trader ${n}`,
                email: `${username}@example.com`,
                companyName: null,
              }),
            };
          }),
        )
        .returning('id')
        .execute();
      const rules = await trx
        .insertInto('trading_rules')
        .values(
          users.flatMap(({ id }) =>
            Array.from({ length: CROWD_RULES }, (_, i) => ({
              user_id: id,
              description: `Rule ${i + 1}`,
              display_order: i,
            })),
          ),
        )
        .returning(['id', 'user_id', 'description'])
        .execute();
      const sessions = users.flatMap(({ id }, u) => {
        const own = rules.filter((rule) => rule.user_id === id);
        return Array.from({ length: CROWD_SESSIONS }, (_, s) => {
          const followed = (u + s) % (CROWD_RULES + 1);
          return {
            user_id: id,
            name: `Session ${s + 1}`,
            session_date: dayBefore(today, (u * 7 + s * 11) % 60),
            session_type_id: ((u + s) % 5) + 1,
            notes: null,
            checklist: own.map((rule, position) => ({
              rule_id: rule.id,
              rule_description: rule.description,
              followed: position < followed,
            })),
          };
        });
      });
      await insertSessions(trx, sessions);
      for (const { id } of users) {
        const days = sessions.filter((s) => s.user_id === id).map((s) => s.session_date);
        await refresh(trx, dialect, id, days);
      }
      sessionCount += sessions.length;
    });
  }
  return sessionCount;
}

/** The bench trader's account, 20 rules and its sessions without a screenshot. */
async function seedBenchTrader(
  db: Kysely<Database>,
  dialect: DialectName,
  passwordHash: string,
  today: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id: userId } = await trx
      .insertInto('users')
      .values({
        username: BENCH_ACCOUNT.username,
        username_normalized: BENCH_ACCOUNT.username,
        password_hash: passwordHash,
        full_name: BENCH_ACCOUNT.fullName,
        email: BENCH_ACCOUNT.email,
        search_text: userSearchText({ ...BENCH_ACCOUNT, companyName: null }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rules = await trx
      .insertInto('trading_rules')
      .values(
        Array.from({ length: RULE_COUNT }, (_, i) => ({
          user_id: userId,
          ...ruleText(i),
          display_order: i,
        })),
      )
      .returning(['id', 'description'])
      .execute();
    const planned = Array.from({ length: SESSION_COUNT }, (_, index) =>
      planSession(index, today),
    ).filter((session) => !session.hasScreenshot);
    for (let first = 0; first < planned.length; first += SESSION_BATCH) {
      await insertSessions(
        trx,
        planned.slice(first, first + SESSION_BATCH).map((session) => ({
          user_id: userId,
          name: session.name,
          session_date: session.date,
          session_type_id: session.sessionTypeId,
          notes: session.notes,
          checklist: rules.map((rule, i) => ({
            rule_id: rule.id,
            rule_description: rule.description,
            followed: session.followed[i] ?? false,
          })),
        })),
      );
    }
    await refresh(
      trx,
      dialect,
      userId,
      planned.map((session) => session.date),
    );
    return planned.length;
  });
}

/**
 * Creates the schema, the crowd of `traders` and the bench trader's bulk half. Every account
 * has the same real argon2 hash of the bench password, so any of them could log in. Answers
 * how many sessions each part got.
 */
export async function seedInBulk(
  options: DatabaseOptions,
  traders: number,
): Promise<{ crowdSessions: number; benchTraderSessions: number }> {
  const database = createDatabase(options);
  const { db, dialect } = database;
  try {
    await migrateToLatest(database);
    const passwordHash = await createPasswordHasher().hash(BENCH_ACCOUNT.password);
    const today = new Date();
    const crowdSessions = await seedCrowd(db, dialect, traders, passwordHash, today);
    const benchTraderSessions = await seedBenchTrader(db, dialect, passwordHash, today);
    return { crowdSessions, benchTraderSessions };
  } finally {
    await db.destroy();
  }
}
