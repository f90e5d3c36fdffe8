import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  mayReloadAgain,
  reloadOnceForChunkError,
} from "./chunk-reload";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe("isChunkLoadError", () => {
  it("recognises chunk and dynamic import failures", () => {
    const chunkError = new Error("Loading chunk 123 failed.");
    chunkError.name = "ChunkLoadError";
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError({ name: "ChunkLoadError" })).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk app/page failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk 7 failed."))).toBe(true);
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new Error("Failed to load chunk /_next/static/chunks/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});

describe("mayReloadAgain", () => {
  it("allows a first reload and one after the 10 s guard", () => {
    expect(mayReloadAgain(null, 1_000)).toBe(true);
    expect(mayReloadAgain(1_000, 11_000)).toBe(true);
  });

  it("refuses within 10 s of the last reload", () => {
    expect(mayReloadAgain(1_000, 1_001)).toBe(false);
    expect(mayReloadAgain(1_000, 10_999)).toBe(false);
  });

  it("treats a corrupt or future timestamp as no guard", () => {
    expect(mayReloadAgain(Number.NaN, 1_000)).toBe(true);
    expect(mayReloadAgain(50_000, 1_000)).toBe(true);
  });
});

describe("reloadOnceForChunkError", () => {
  const chunkError = Object.assign(new Error("Loading chunk 1 failed."), {
    name: "ChunkLoadError",
  });

  it("reloads once and records when", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError, { storage, reload, now: 5_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe("5000");
  });

  it("does not reload again within the guard time, and does after it", () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: "5000" });
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError, { storage, reload, now: 9_000 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(reloadOnceForChunkError(chunkError, { storage, reload, now: 15_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does nothing for other errors", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(new Error("boom"), { storage, reload, now: 1 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it("does not reload when storage is unavailable (no loop guard, no reload)", () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    expect(reloadOnceForChunkError(chunkError, { storage, reload, now: 1 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
