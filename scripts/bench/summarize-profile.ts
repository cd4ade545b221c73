// Reads a V8 .cpuprofile (as written by `node --cpu-prof`) and prints where the time went,
// so a reader needs no Chrome DevTools: the top functions by self time, and the same grouped
// by package. Used by `BENCH_PROFILE=1 npm run bench`, and alone:
//   npx tsx scripts/bench/summarize-profile.ts bench/profiles/<file>.cpuprofile [top=25]
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, as V8 reports them. */
  lineNumber: number;
  columnNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  /** Microseconds on the monotonic clock, the one `process.hrtime` reads in any process. */
  startTime: number;
  endTime: number;
  /** The node on top of the stack at each sample. */
  samples: number[];
  /** Microseconds since the previous sample. */
  timeDeltas: number[];
}

export interface FunctionCost {
  functionName: string;
  /** Source file and 1-based line, mapped back through a source map when there is one. */
  location: string;
  package: string;
  samples: number;
  selfMs: number;
  /** Share of all samples, idle included. */
  percent: number;
  /** Share of the samples where the process was not idle. */
  busyPercent: number;
}

export interface ProfileSummary {
  file: string;
  durationMs: number;
  samples: number;
  /** Share of samples spent in `(idle)`: the process was waiting for I/O. */
  idlePercent: number;
  functions: FunctionCost[];
  packages: { package: string; samples: number; percent: number }[];
}

export interface SummaryOptions {
  top?: number;
  /** Only the samples taken in [fromUs, toUs) on the monotonic clock, e.g. one bench target. */
  fromUs?: number;
  toUs?: number;
}

// The server runs from the esbuild bundle; its source map turns bundle lines into src/ files.
const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapFor(file: string): SourceMap | null {
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(
      file,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  return sourceMaps.get(file) ?? null;
}

/** A short place for a frame: `src/server/…ts:12`, `node_modules/fastify/lib/x.js:3`, `node:…`. */
function locate({ url, lineNumber, columnNumber }: CallFrame): string {
  if (!url) return '';
  if (!url.startsWith('file://')) return `${url}:${lineNumber + 1}`;
  const file = fileURLToPath(url);
  if (!file.includes('/node_modules/')) {
    const entry = sourceMapFor(file)?.findEntry(lineNumber, columnNumber);
    if (entry && 'originalSource' in entry) {
      const source = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : resolve(dirname(file), entry.originalSource); // esbuild writes them relative
      return `${relative(process.cwd(), source)}:${entry.originalLine + 1}`;
    }
  }
  return `${relative(process.cwd(), file)}:${lineNumber + 1}`;
}

/** What a frame belongs to: an npm package, our code, Node itself, or V8's own buckets. */
function packageOf(frame: CallFrame, location: string): string {
  if (!frame.url) {
    // (idle), (program), (garbage collector) are V8's; the rest are C++ builtins and bindings.
    return frame.functionName.startsWith('(') ? frame.functionName : 'native code';
  }
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(location);
  if (inPackage?.[1]) return inPackage[1];
  if (location.startsWith('node:')) return 'node internals';
  if (location.startsWith('src/')) return location.split('/').slice(0, 2).join('/');
  return location.replace(/:\d+$/, '');
}

export function summarizeProfile(file: string, options: SummaryOptions = {}): ProfileSummary {
  const { top = 25, fromUs = -Infinity, toUs = Infinity } = options;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));

  // Self time per node: a sample lasts until the next one (as DevTools counts it).
  const samplesOf = new Map<number, number>();
  const microsOf = new Map<number, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time < fromUs || time >= toUs) return;
    samplesOf.set(id, (samplesOf.get(id) ?? 0) + 1);
    microsOf.set(id, (microsOf.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  const total = [...samplesOf.values()].reduce((sum, n) => sum + n, 0) || 1;

  // One function appears as many nodes (one per call path): add them up per function.
  const functions = new Map<string, FunctionCost>();
  for (const [id, samples] of samplesOf) {
    const frame = frames.get(id);
    if (!frame) continue;
    const location = locate(frame);
    const functionName = frame.functionName || '(anonymous)';
    const key = `${functionName} ${location}`;
    const cost = functions.get(key) ?? {
      functionName,
      location,
      package: packageOf(frame, location),
      samples: 0,
      selfMs: 0,
      percent: 0,
      busyPercent: 0,
    };
    cost.samples += samples;
    cost.selfMs += (microsOf.get(id) ?? 0) / 1000;
    functions.set(key, cost);
  }
  const all = [...functions.values()].sort((a, b) => b.samples - a.samples);
  const idle = all.find((cost) => cost.functionName === '(idle)')?.samples ?? 0;
  for (const cost of all) {
    cost.percent = (100 * cost.samples) / total;
    cost.busyPercent =
      cost.functionName === '(idle)' ? 0 : (100 * cost.samples) / Math.max(1, total - idle);
  }

  const packages = new Map<string, number>();
  for (const { package: name, samples } of all) {
    packages.set(name, (packages.get(name) ?? 0) + samples);
  }

  return {
    file,
    durationMs: (Math.min(toUs, profile.endTime) - Math.max(fromUs, profile.startTime)) / 1000,
    samples: total,
    idlePercent: (100 * idle) / total,
    functions: all.slice(0, top),
    packages: [...packages]
      .map(([name, samples]) => ({ package: name, samples, percent: (100 * samples) / total }))
      .sort((a, b) => b.samples - a.samples),
  };
}

export function formatProfileSummary(summary: ProfileSummary, topPackages = 12): string {
  const pct = (n: number) => `${n.toFixed(1)}%`.padStart(6);
  return [
    `${summary.samples} samples of the main thread over ${(summary.durationMs / 1000).toFixed(1)} s ` +
      `in ${summary.file}`,
    `${summary.idlePercent.toFixed(1)}% idle: waiting for I/O, or for the thread pool, whose ` +
      'work (argon2 hashing, for one) is not sampled',
    '',
    `Top ${summary.functions.length} functions by self time:`,
    `  all%  busy%  self ms  function (location)`,
    ...summary.functions.map(
      (f) =>
        `${pct(f.percent)} ${f.busyPercent ? pct(f.busyPercent) : '     -'} ` +
        `${f.selfMs.toFixed(0).padStart(8)}  ${f.functionName}` +
        (f.location ? ` (${f.location})` : ''),
    ),
    '',
    'Self time by package (all%):',
    ...summary.packages.slice(0, topPackages).map((p) => `${pct(p.percent)}  ${p.package}`),
  ].join('\n');
}

// Run alone: `tsx scripts/bench/summarize-profile.ts file.cpuprofile [top]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx scripts/bench/summarize-profile.ts <file.cpuprofile> [top=25]');
    process.exit(2);
  }
  console.log(formatProfileSummary(summarizeProfile(file, { top: Number(top ?? 25) })));
}
