// The bench trader's half that goes through the HTTP API like a trader would: its login and
// every session with a screenshot, so each image is checked, re-encoded and thumbnailed by the
// server's own pipeline and stored where the server keeps them. The rest is in seed-bulk.ts.
import { renderChartPng } from '../seed-demo/chart.ts';
import { createRandom } from '../seed-demo/random.ts';
import {
  BENCH_ACCOUNT,
  planSession,
  RULE_COUNT,
  SESSION_COUNT,
  type PlannedSession,
} from './bench-trader.ts';

const IN_FLIGHT = 8;
/** Distinct charts rendered; the server stores each upload under a reference of its own. */
const CHARTS = 10;

export interface SeededTrader {
  cookie: string;
  credentials: { username: string; password: string };
  /** The newest session day (today, UTC): the analytics' `today`. */
  today: string;
  /** One session for the details page, one screenshot for its thumbnail. */
  sessionId: number;
  screenshotRef: string;
  /** The rule ids, in order, for the writes the bench measures. */
  ruleIds: number[];
  screenshots: number;
}

/** Logs in as the bench trader and records its sessions with a screenshot. */
export async function seed(base: string): Promise<SeededTrader> {
  const send = async (method: string, path: string, body?: object, cookie = '') => {
    const response = await fetch(base + path, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) {
      throw new Error(
        `seeding: ${method} ${path} answered ${response.status} ${await response.text()}`,
      );
    }
    return response;
  };
  const credentials = { username: BENCH_ACCOUNT.username, password: BENCH_ACCOUNT.password };
  const login = await send('POST', '/api/auth/login', credentials);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { rules } = (await (await send('GET', '/api/rules', undefined, cookie)).json()) as {
    rules: { id: number }[];
  };
  if (rules.length !== RULE_COUNT) throw new Error(`seeding: ${rules.length} rules, not 20`);

  const random = createRandom(11);
  const charts: string[] = [];
  for (let i = 0; i < CHARTS; i += 1) {
    const png = await renderChartPng(random, `Bench chart ${i + 1}`);
    charts.push(`data:image/png;base64,${png.toString('base64')}`);
  }
  const today = new Date();
  const withScreenshot = Array.from({ length: SESSION_COUNT }, (_, index) =>
    planSession(index, today),
  ).filter((session) => session.hasScreenshot);
  const saved: { id: number; screenshotPath: string | null }[] = [];
  const record = async (session: PlannedSession, n: number) => {
    const response = await send(
      'POST',
      '/api/sessions',
      {
        name: session.name,
        date: session.date,
        sessionTypeId: session.sessionTypeId,
        rulesFollowed: rules.map((rule, i) => ({
          ruleId: rule.id,
          followed: session.followed[i] ?? false,
        })),
        notes: session.notes,
        screenshotData: charts[n % CHARTS],
      },
      cookie,
    );
    const body = (await response.json()) as {
      session: { id: number; screenshotPath: string | null };
    };
    saved.push(body.session);
  };
  for (let start = 0; start < withScreenshot.length; start += IN_FLIGHT) {
    await Promise.all(
      withScreenshot.slice(start, start + IN_FLIGHT).map((s, i) => record(s, start + i)),
    );
  }

  // Make sure the measured requests do what we think: an authenticated trader with all its
  // sessions, one of which has a screenshot.
  const session = (await (await send('GET', '/api/auth/session', undefined, cookie)).json()) as {
    authenticated: boolean;
  };
  const detailed = saved[0];
  const screenshotRef = saved.find((s) => s.screenshotPath)?.screenshotPath;
  if (!session.authenticated || !detailed || !screenshotRef) {
    throw new Error(`seeding: authenticated=${session.authenticated}, no session or screenshot`);
  }
  return {
    cookie,
    credentials,
    today: planSession(0, today).date,
    sessionId: detailed.id,
    screenshotRef,
    ruleIds: rules.map((rule) => rule.id),
    screenshots: saved.filter((s) => s.screenshotPath).length,
  };
}
