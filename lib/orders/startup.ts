import "server-only";
import { runOrderUpkeep } from "./upkeep";

const EVERY_MS = 60_000;
const KEY = Symbol.for("livemarket.orders.upkeep");
const store = globalThis as typeof globalThis & { [KEY]?: NodeJS.Timeout };

/**
 * Starts the orders' periodic upkeep on this instance (instrumentation.ts): once a minute,
 * reconcile and expire overdue pending orders and run due tasks. Instances may overlap: each
 * order is changed under its row lock and tasks are claimed with SKIP LOCKED.
 */
export function startOrderUpkeep(): void {
  if (store[KEY]) return;
  const tick = () => {
    runOrderUpkeep().catch((error: unknown) => console.error("orders: upkeep failed", { error }));
  };
  store[KEY] = setInterval(tick, EVERY_MS);
  store[KEY].unref();
  setTimeout(tick, 5_000).unref();
}
