import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createProgressController,
  progressDurationMs,
  progressFinishMs,
  progressGiveUpMs,
  progressThrottleMs,
  type ProgressPhase,
} from "./navigation-progress-controller";

describe("navigation progress", () => {
  let phases: ProgressPhase[];
  const make = () => createProgressController((phase) => phases.push(phase));

  beforeEach(() => {
    vi.useFakeTimers();
    phases = [];
  });
  afterEach(() => vi.useRealTimers());

  it("uses the spec's timings", () => {
    expect(progressThrottleMs).toBe(200);
    expect(progressDurationMs).toBe(2000);
  });

  it("never shows a navigation that ends within the throttle", () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(progressThrottleMs - 1);
    progress.done();
    vi.advanceTimersByTime(5000);
    expect(phases).toEqual(["pending", "idle"]);
  });

  it("shows a slow navigation after the throttle, then finishes and hides", () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(progressThrottleMs);
    expect(progress.phase()).toBe("running");
    vi.advanceTimersByTime(1500);
    progress.done();
    expect(progress.phase()).toBe("finishing");
    vi.advanceTimersByTime(progressFinishMs);
    expect(phases).toEqual(["pending", "running", "finishing", "idle"]);
  });

  it("keeps one bar for overlapping navigations", () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(150);
    progress.start();
    vi.advanceTimersByTime(50);
    expect(progress.phase()).toBe("running");
    expect(phases).toEqual(["pending", "running"]);
  });

  it("gives up on a navigation that never ends", () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(progressGiveUpMs + progressFinishMs);
    expect(phases).toEqual(["pending", "running", "finishing", "idle"]);
  });

  it("ignores done() when nothing is running", () => {
    const progress = make();
    progress.done();
    expect(phases).toEqual([]);
  });
});
