import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { SCREEN_PRELOADS_FILE, type ScreenPreload } from '../src/shared/screen-preloads.ts';
import type { LazyScreenEntry } from '../src/client/app/screens.ts';

interface Options {
  /** The screens by route, each with its module under `app/routes/` (src/client/app/screens.ts). */
  screens: Record<string, LazyScreenEntry>;
  /** The logged-in shell's module under `app/`, which every screen behind the login needs. */
  layoutModule: string;
}

/** `chunk`'s file with every file it imports statically, directly or not. */
function withImports(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const output = bundle[fileName];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...files];
}

/** What the build wrote for the screens behind the login; exported for its test. */
export function listScreenPreloads(
  bundle: Rollup.OutputBundle,
  root: string,
  { screens, layoutModule }: Options,
): ScreenPreload[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const chunkOf = (module: string) => {
    const id = resolve(root, 'app', module);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`screen preloads: no chunk was built for ${id}`);
    return chunk;
  };
  // The page loads the entry and what it imports already (index.html names them).
  const onThePage = new Set(
    chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => withImports(chunk, bundle)),
  );
  const layoutFiles = withImports(chunkOf(layoutModule), bundle);
  return Object.values(screens)
    .filter((screen) => screen.behindLogin)
    .map(({ path, module, calls = [] }) => ({
      path,
      files: [...new Set([...layoutFiles, ...withImports(chunkOf(`routes/${module}.tsx`), bundle)])]
        .filter((file) => !onThePage.has(file))
        .map((file) => `/${file}`),
      calls: [...calls],
    }));
}

/**
 * Writes `screen-preloads.json` beside the build: for each screen behind the login, the script
 * files it needs beyond the page's own and the calls it waits for, which the server names in its
 * answer to a page request that carries a login, as `<link rel="modulepreload">` and
 * `<link rel="preload" as="fetch">` in the page's head (docs/decisions/0040).
 */
export function screenPreloads(options: Options): Plugin {
  let root = '';
  return {
    name: 'rulekeeper:screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(listScreenPreloads(bundle, root, options), null, 2)}\n`,
      });
    },
  };
}
