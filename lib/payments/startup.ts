import "server-only";
import { getSandboxProvider } from "./get-provider";

/**
 * At server start (instrumentation.ts): the sandbox's events that a stop left undelivered
 * (written with their change, not yet handed to the webhook) are delivered, oldest first.
 * Stripe retries its own for three days. Never throws: a failure is logged and the events
 * stay pending for the next change or start.
 */
export async function deliverPendingSandboxEvents(): Promise<number> {
  try {
    const sandbox = getSandboxProvider();
    if (!sandbox) return 0;
    const delivered = await sandbox.deliverPendingEvents();
    if (delivered > 0) console.info(`[payments] ${delivered} pending sandbox event(s) delivered`);
    return delivered;
  } catch (error) {
    console.error("payments: pending sandbox events not delivered at start", { error });
    return 0;
  }
}
