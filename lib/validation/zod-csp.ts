/**
 * zod compiles object parsers with `new Function` when it may: each `z.object()` probes for
 * eval when it is built. The pages' Content-Security-Policy forbids eval, so in the browser
 * the probe alone is a violation. Called first thing by instrumentation-client.ts, before any
 * page module builds a schema. (The server has no such policy and keeps the compiler.)
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` and adopts an object
 * already there (zod/v4/core/core.js), so setting `jitless` on it is what `z.config({ jitless:
 * true })` does, without loading zod itself on pages that never validate anything (every
 * page's first-load JavaScript would carry it; docs/bench.md). A unit test checks zod still
 * reads it.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function disableZodEval(): void {
  const holder = globalThis as ZodGlobal;
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
