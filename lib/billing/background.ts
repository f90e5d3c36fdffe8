import "server-only";
import { renewDueModuleTiers } from "./renewal";

/** How often each server instance looks for paid tiers whose period ended. */
export const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000;

const KEY = Symbol.for("livemarket.billing.renewalTimer");
const store = globalThis as typeof globalThis & { [KEY]?: NodeJS.Timeout };

async function runOnce(): Promise<void> {
  try {
    const run = await renewDueModuleTiers(new Date());
    if (run.charged + run.lapsed + run.ended > 0) console.info("[billing] renewals", run);
  } catch (error) {
    console.error("billing: renewal run failed", { error });
  }
}

/**
 * Started once per server instance from instrumentation.ts (docs/billing.md, "Renewal"):
 * a first run a minute after start, then every hour. The timer does not keep the process
 * alive. Several instances may run it at once: one charge per subscription period.
 */
export function startBillingRenewals(): void {
  if (store[KEY]) return;
  const first = setTimeout(() => {
    void runOnce();
    store[KEY] = setInterval(() => void runOnce(), RENEWAL_INTERVAL_MS);
    store[KEY].unref();
  }, FIRST_RUN_DELAY_MS);
  first.unref();
  store[KEY] = first;
}
