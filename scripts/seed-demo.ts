// `npm run seed:demo`: creates (or recreates) a demo trader with six months of realistic data,
// in the database the configuration names (DATA_DIR's SQLite file, or DATABASE_URL), and
// prints how to log in. Everything is written through the server's own services, as the API
// would write it: the password hashed, ratings computed by the server, checklist snapshots,
// screenshots checked, re-encoded and stored beside their rows.
import { PAGE_SIZE_MAX } from '#shared/constants.ts';
import { signupSchema } from '#shared/schemas/auth.ts';
import { ruleInputSchema } from '#shared/schemas/rules.ts';
import { createSessionSchema, sessionsQuerySchema } from '#shared/schemas/sessions.ts';
import { ConfigError, loadConfig, type Config } from '#server/config.ts';
import { createDatabase, databaseOptionsFromConfig, type AppDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createRulesService, type RulesService } from '#server/modules/rules/rules.service.ts';
import { createSessionTypesRepository } from '#server/modules/sessions/session-types.repository.ts';
import {
  createSessionsService,
  type SessionsService,
} from '#server/modules/sessions/sessions.service.ts';
import { createPasswordHasher } from '#server/modules/users/passwords.ts';
import { createUsersService, type UsersService } from '#server/modules/users/users.service.ts';
import { describeStartupError } from '#server/startup-errors.ts';
import { createImageStoreFromConfig } from '#server/storage/from-config.ts';
import { renderChartPng } from './seed-demo/chart.ts';
import {
  DEMO_RULES,
  planResult,
  planSessions,
  SESSION_TYPE_NAMES,
  type DemoRule,
} from './seed-demo/plan.ts';
import { createRandom } from './seed-demo/random.ts';

const DEMO_ACCOUNT = {
  username: 'demo',
  password: 'demo-trader-2026',
  fullName: 'Demo Trader',
  email: 'demo@example.com',
  companyName: 'Demo Capital',
};
/** Any fixed number: the journal is the same on every run of a given day. */
const SEED = 8;

interface Services {
  database: AppDatabase;
  users: UsersService;
  rules: RulesService;
  sessions: SessionsService;
}

/**
 * Removes an earlier demo trader with all it owns: its sessions through the service (so their
 * screenshot files go too), then the account, whose rules and logins the database deletes with
 * it. An account named `demo` that this script did not make is left alone. Answers whether the
 * removed trader was an administrator.
 */
async function removeDemoTrader({ database, users, sessions }: Services) {
  const existing = await users.findUserForLogin(DEMO_ACCOUNT.username);
  if (!existing) return false;
  if (existing.email !== DEMO_ACCOUNT.email) {
    throw new Error(
      `a user named "${DEMO_ACCOUNT.username}" exists with another email: not the demo trader, so it is left as it is`,
    );
  }
  const firstPage = sessionsQuerySchema.parse({ limit: PAGE_SIZE_MAX });
  for (;;) {
    const page = await sessions.listSessions(existing.id, firstPage);
    if (page.sessions.length === 0) break;
    await sessions.deleteSessions(
      existing.id,
      page.sessions.map((session) => session.id),
    );
  }
  // No service deletes an account yet (the admin area will); the foreign keys cascade.
  await database.db.deleteFrom('users').where('id', '=', existing.id).execute();
  return Boolean(existing.is_admin);
}

/** The account, an administrator if it is the first one or if the one it replaces was. */
async function createAccount({ database, users }: Services, wasAdmin: boolean) {
  const user = await users.signup(signupSchema.parse(DEMO_ACCOUNT));
  // The demo trader was the first account, and so the administrator, and others signed up
  // since: recreating it must not leave the instance without one.
  if (wasAdmin && !user.isAdmin) {
    await database.db
      .updateTable('users')
      .set({ is_admin: true })
      .where('id', '=', user.id)
      .execute();
  }
  return { id: user.id, isAdmin: wasAdmin || user.isAdmin };
}

/**
 * The trader's rules, each added as the plan adopts it: a new session's checklist lists every
 * rule the trader has, so a rule adopted halfway through is added before its first session.
 */
function createRuleList({ rules }: Services, userId: number) {
  const ids = new Map<DemoRule, number>();
  return {
    async adopt(adopted: DemoRule[]) {
      for (const rule of adopted) {
        if (ids.has(rule)) continue;
        const input = ruleInputSchema.parse({ description: rule.description, notes: rule.notes });
        ids.set(rule, (await rules.createRule(userId, input)).id);
      }
      return ids;
    },
  };
}

async function sessionTypeIds(database: AppDatabase) {
  const types = await createSessionTypesRepository(database).listSessionTypes();
  const ids = new Map(types.map((type) => [type.name, type.id]));
  for (const name of SESSION_TYPE_NAMES) {
    if (!ids.has(name)) throw new Error(`the session type "${name}" is missing from the database`);
  }
  return ids;
}

/** Six months of sessions, sent as the API would receive them; answers the plan it followed. */
async function createSessions(services: Services, userId: number) {
  const { database, sessions } = services;
  const ruleList = createRuleList(services, userId);
  const typeIds = await sessionTypeIds(database);
  const plan = planSessions(createRandom(SEED), new Date());
  const charts = createRandom(SEED + 1);
  // A stream of its own: the sessions stay the same as before results existed.
  const results = createRandom(SEED + 2);
  for (const planned of plan) {
    const screenshot = planned.hasScreenshot
      ? await renderChartPng(charts, `${planned.name} · ${planned.date}`)
      : null;
    const ruleIds = await ruleList.adopt(planned.checklist.map((item) => item.rule));
    const input = createSessionSchema.parse({
      name: planned.name,
      date: planned.date,
      sessionTypeId: typeIds.get(planned.sessionType),
      notes: planned.notes,
      rulesFollowed: planned.checklist.map((item) => ({
        ruleId: ruleIds.get(item.rule),
        followed: item.followed,
      })),
      screenshotData: screenshot && `data:image/png;base64,${screenshot.toString('base64')}`,
      ...planResult(results, planned.checklist),
    });
    await sessions.createSession(userId, input);
  }
  await ruleList.adopt(DEMO_RULES);
  return plan;
}

async function createDemoTrader(database: AppDatabase, config: Config) {
  const images = await createImageStoreFromConfig(config);
  const services = {
    database,
    // The script acts for the operator: it may add an account whatever SIGNUP says.
    users: createUsersService({
      database,
      images,
      isSignupConfiguredOpen: true,
      passwords: createPasswordHasher(),
    }),
    rules: createRulesService({ database }),
    sessions: createSessionsService({ database, images }),
  };
  const wasAdmin = await removeDemoTrader(services);
  const account = await createAccount(services, wasAdmin);
  const plan = await createSessions(services, account.id);
  return { isAdmin: account.isAdmin, plan };
}

function printLogin(config: Config, result: Awaited<ReturnType<typeof createDemoTrader>>) {
  const { isAdmin, plan } = result;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
  const address = config.port === 0 ? 'the address it prints' : `http://localhost:${config.port}`;
  const screenshots = plan.filter((session) => session.hasScreenshot).length;
  const lines = [
    `Demo trader ready in ${where}:`,
    `  ${DEMO_RULES.length} rules (${DEMO_RULES.filter((rule) => rule.notes).length} with notes), ` +
      `${plan.length} sessions from ${plan[0]?.date} to ${plan.at(-1)?.date}, ${screenshots} screenshots.`,
    `Start the app (npm start), open ${address} and log in with`,
    `  username: ${DEMO_ACCOUNT.username}`,
    `  password: ${DEMO_ACCOUNT.password}`,
  ];
  if (isAdmin) {
    lines.push('It was the first account of this database: it is also the administrator.');
  }
  console.log(lines.join('\n'));
}

let config: Config | undefined;
try {
  config = loadConfig();
  const database = createDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database);
    printLogin(config, await createDemoTrader(database, config));
  } finally {
    await database.db.destroy();
  }
} catch (error) {
  if (error instanceof ConfigError || !config) {
    console.error(error instanceof Error ? error.message : error);
  } else {
    // The server's one-line reasons (an unreachable database, a read-only folder); its last
    // resort speaks of starting, which is not what failed here.
    const reason = describeStartupError(error, config).replace(/^Failed to start: /, '');
    console.error(`Could not create the demo trader: ${reason}`);
  }
  process.exitCode = 1;
}
