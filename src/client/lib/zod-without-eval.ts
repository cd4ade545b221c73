import { config } from 'zod/mini';

// Zod compiles object schemas with `new Function` where it may, and probes for it when the first
// object schema is built. The app's Content-Security-Policy forbids eval (script-src 'self'), so
// the probe can only fail, and the blocked attempt is a CSP violation the browser reports (and
// Lighthouse counts against best practices). Saying so up front skips the probe; zod then
// validates as it did before, without compiling. main.tsx imports this module first, before any
// module that builds a schema.
config({ jitless: true });
