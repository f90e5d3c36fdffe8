/**
 * Runs once when a server instance starts, before it serves requests (Next's
 * instrumentation hook). In embedded mode the PGlite database migrates itself and gets its
 * demo data on first start; the Edge runtime has no database and does nothing, and neither
 * does `next build` (no database is ever opened at build time).
 */
export async function register(): Promise<void> {
  /* eslint-disable no-restricted-syntax -- both are set by Next.js itself, not settings */
  const building = process.env.NEXT_PHASE === "phase-production-build";
  if (process.env.NEXT_RUNTIME === "nodejs" && !building) {
    const { prepareEmbeddedDatabase } = await import("@/lib/db/startup");
    await prepareEmbeddedDatabase();
  }
  /* eslint-enable no-restricted-syntax */
}
