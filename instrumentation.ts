/**
 * Runs once when a server instance starts, before it serves requests (Next's
 * instrumentation hook). X-Forwarded-For gets the connecting peer's address appended (the
 * client address of rate limits, lib/security/client-address.ts), and pages cached at run time
 * get their inline scripts' hashes in their policy (lib/security/response-script-hashes.ts).
 * In embedded mode the
 * PGlite database migrates itself and gets its demo data on first start; the Edge runtime
 * has no database and does nothing, and neither does `next build` (no database is ever
 * opened at build time).
 */
export async function register(): Promise<void> {
  /* eslint-disable no-restricted-syntax -- both are set by Next.js itself, not settings */
  const building = process.env.NEXT_PHASE === "phase-production-build";
  if (process.env.NEXT_RUNTIME === "nodejs" && !building) {
    // First: the client address of rate limits needs the socket's (lib/security/peer-address.ts).
    const { installPeerAddressForwarding } = await import("@/lib/security/peer-address");
    installPeerAddressForwarding();
    // Pages cached at run time get their script hashes from the body they send.
    const { installResponseScriptHashes } = await import("@/lib/security/response-script-hashes");
    installResponseScriptHashes();
    const { loopbackHostnameWarning } = await import("@/lib/security/loopback-hostname");
    const warning = loopbackHostnameWarning(process.argv);
    if (warning) console.warn(warning);
    const { prepareEmbeddedDatabase } = await import("@/lib/db/startup");
    await prepareEmbeddedDatabase();
    // Sandbox payment events a stop left undelivered (lib/payments/startup.ts); not awaited.
    const { deliverPendingSandboxEvents } = await import("@/lib/payments/startup");
    void deliverPendingSandboxEvents();
    // Orders: expire overdue holds, reconcile payments, send refunds and emails (every minute).
    const { startOrderUpkeep } = await import("@/lib/orders/startup");
    startOrderUpkeep();
    // Paid module tiers whose month ended are renewed hourly (lib/billing/background.ts).
    const { startBillingRenewals } = await import("@/lib/billing/background");
    startBillingRenewals();
    // Sandbox payouts a stop left pending are paid a minute later (lib/income/payouts.ts).
    const { startPayoutUpkeep } = await import("@/lib/income/payouts");
    startPayoutUpkeep();
  }
  /* eslint-enable no-restricted-syntax */
}
