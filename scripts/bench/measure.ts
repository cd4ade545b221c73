// One measurement = a discarded warm-up, then several equal rounds; the median round is the
// figure, so one noisy round (a GC storm, another process waking up) does not move it.
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

export interface Target {
  /** Short name for BENCH_ONLY, e.g. `session`. */
  key: string;
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Bodies each connection sends in turn, instead of one `body`. */
  bodies?: string[];
  /** Overrides the run's connection count (login is bound by argon2, not by concurrency). */
  connections?: number;
}

export interface Settings {
  connections: number;
  seconds: number;
  rounds: number;
  warmupSeconds: number;
}

export interface Round {
  requestsPerSecond: number;
  /** autocannon measures latency in whole milliseconds. */
  p50Ms: number;
  p99Ms: number;
  /** Socket errors (autocannon counts timeouts among them) plus non-2xx answers. */
  errors: number;
  statusCodes: Record<string, number>;
}

export interface Measurement {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  /** Sent with the trader's login cookie. */
  isAuthenticated: boolean;
  connections: number;
  rounds: Round[];
  median: Round;
  /** Over all measured rounds, not only the median one: any failure is worth seeing. */
  errors: number;
  statusCodes: Record<string, number>;
  /** (max − min) / median req/s across rounds: how far to trust the figure. */
  spreadPercent: number;
  /** When the measured rounds ran, on the monotonic clock: picks this target out of a profile. */
  windowUs: { from: number; to: number };
  /** Share of the machine's CPU that other processes used meanwhile (null: unknown). */
  otherLoadPercent: number | null;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

// The subset of autocannon's result we read.
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

async function run(target: Target, connections: number, seconds: number): Promise<Round> {
  const result = (await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body ? { body: target.body } : {}),
    ...(target.bodies ? { requests: target.bodies.map((body) => ({ body })) } : {}),
    connections,
    duration: seconds,
  })) as AutocannonResult;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
  };
}

/** `startLoad` starts counting the CPU of other processes; its result reads the count. */
export async function measure(
  target: Target,
  settings: Settings,
  startLoad: () => () => number | null = () => () => null,
): Promise<Measurement> {
  const connections = target.connections ?? settings.connections;
  if (settings.warmupSeconds > 0) await run(target, connections, settings.warmupSeconds);
  const rounds: Round[] = [];
  const from = nowUs();
  const otherLoad = startLoad();
  for (let i = 0; i < settings.rounds; i += 1) {
    rounds.push(await run(target, connections, settings.seconds));
  }
  const to = nowUs();
  const otherLoadPercent = otherLoad();
  const byThroughput = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = byThroughput[Math.floor((byThroughput.length - 1) / 2)] as Round;
  const statusCodes: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, count] of Object.entries(round.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  const min = byThroughput[0]?.requestsPerSecond ?? 0;
  const max = byThroughput.at(-1)?.requestsPerSecond ?? 0;
  return {
    key: target.key,
    label: target.label,
    method: target.method ?? 'GET',
    isAuthenticated: Boolean(target.headers?.cookie),
    connections,
    rounds,
    median,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    statusCodes,
    spreadPercent: median.requestsPerSecond ? (100 * (max - min)) / median.requestsPerSecond : 0,
    windowUs: { from, to },
    otherLoadPercent,
  };
}
