import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, maxToasts, subscribeToasts, toast } from "./toast-store";

describe("toast queue", () => {
  afterEach(() => {
    for (const item of getToasts()) dismissToast(item.id);
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("queues toasts, keeps the newest few and notifies listeners", () => {
    vi.useFakeTimers();
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    for (let i = 0; i < maxToasts + 2; i++) toast({ title: `t${i}` });
    expect(getToasts().map((t) => t.title)).toEqual(["t2", "t3", "t4"]);
    expect(listener).toHaveBeenCalledTimes(maxToasts + 2);
    unsubscribe();
  });

  it("closes, then removes, a dismissed toast", () => {
    vi.useFakeTimers();
    const id = toast({ title: "saved", variant: "success" });
    dismissToast(id);
    expect(getToasts().find((t) => t.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(250);
    expect(getToasts().find((t) => t.id === id)).toBeUndefined();
  });
});
