/**
 * The state machine behind the global navigation indicator (spec §9): a navigation that ends
 * within the 200 ms throttle never shows the bar; a longer one shows it, the bar creeps over
 * 2000 ms, and when the navigation ends it completes and fades. Timers are injected so that
 * unit tests drive it with fake time.
 */
export const progressThrottleMs = 200;
export const progressDurationMs = 2000;
/** How long the completed bar stays at 100 % while it fades. */
export const progressFinishMs = 250;
/** A navigation that never reports its end stops showing after this long. */
export const progressGiveUpMs = 15_000;

export type ProgressPhase = "idle" | "pending" | "running" | "finishing";

export type ProgressTimers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type ProgressController = {
  start(): void;
  done(): void;
  phase(): ProgressPhase;
  dispose(): void;
};

export function createProgressController(
  onPhase: (phase: ProgressPhase) => void,
  timers: ProgressTimers = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  throttleMs = progressThrottleMs,
): ProgressController {
  let phase: ProgressPhase = "idle";
  let timer: unknown;
  let giveUp: unknown;

  const set = (next: ProgressPhase) => {
    if (next === phase) return;
    phase = next;
    onPhase(next);
  };
  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    if (giveUp !== undefined) timers.clearTimeout(giveUp);
    timer = undefined;
    giveUp = undefined;
  };
  const finish = () => {
    clear();
    set("finishing");
    timer = timers.setTimeout(() => {
      timer = undefined;
      set("idle");
    }, progressFinishMs);
  };

  return {
    start() {
      if (phase === "pending" || phase === "running") return;
      clear();
      set("pending");
      timer = timers.setTimeout(() => {
        timer = undefined;
        set("running");
      }, throttleMs);
      giveUp = timers.setTimeout(finish, progressGiveUpMs);
    },
    done() {
      if (phase === "pending") {
        clear();
        set("idle");
      } else if (phase === "running") {
        finish();
      }
    },
    phase: () => phase,
    dispose: clear,
  };
}
