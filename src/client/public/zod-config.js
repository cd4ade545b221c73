/* global globalThis */
// Zod compiles its object parsers with `new Function` when it may, and first probes whether it
// may. Under our Content Security Policy (`script-src 'self'`, no 'unsafe-eval') the probe is
// refused: harmless, as Zod falls back, but the browser reports it as a CSP violation on every
// page, which would hide real ones. Jitless parsing skips the probe; the forms' schemas are
// small, so speed does not matter. Zod reads this global when it loads and each object schema
// reads it when made, and the bundle makes schemas as soon as Zod's chunk runs: so it is set
// here, in a deferred classic script that index.html puts before the app's module script.
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, {
  jitless: true,
});
