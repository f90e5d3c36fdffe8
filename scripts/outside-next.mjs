/**
 * `node --import tsx --import ./scripts/outside-next.mjs <file.ts>`: runs the app's server
 * modules in plain Node, outside Next, without the react-server condition (which would give
 * React's server build to client-side libraries some of them import, e.g. use-intl). It does
 * what vitest's alias does for the tests: `server-only` (which throws outside React Server
 * Components) resolves to an empty module. Used by bench/checkout.ts and the killed-server
 * test's child process (tests/integration/orders-faults.test.ts).
 */
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") {
    return { url: "data:text/javascript,export{}", format: "module", shortCircuit: true };
  }
  return next(specifier, context);
}`),
);
