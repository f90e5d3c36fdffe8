import { config } from "zod/v4/core";

/**
 * zod compiles object parsers with `new Function` when it may: each `z.object()` probes for
 * eval when it is built. The pages' Content-Security-Policy forbids eval, so in the browser
 * the probe alone is a violation. Imported first thing by instrumentation-client.ts, before
 * any page module builds a schema. (The server has no such policy and keeps the compiler.)
 */
export function disableZodEval(): void {
  config({ jitless: true });
}
