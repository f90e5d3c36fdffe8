import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createNonce,
  GOOGLE_API_UNAVAILABLE,
  GoogleApiUnavailableError,
  landingAfterGoogle,
  loadGoogleIdentity,
} from "./google-identity";

type FakeScript = {
  src: string;
  async: boolean;
  defer: boolean;
  onerror: (() => void) | null;
  onload: (() => void) | null;
  removed: boolean;
  remove: () => void;
};

/** A document whose <script> tags are recorded; the test decides whether they load. */
function fakePage() {
  const scripts: FakeScript[] = [];
  const fakeWindow: Record<string, unknown> = {};
  vi.stubGlobal("window", fakeWindow);
  vi.stubGlobal("document", {
    createElement: () => {
      const script: FakeScript = {
        src: "",
        async: false,
        defer: false,
        onerror: null,
        onload: null,
        removed: false,
        remove: () => {
          script.removed = true;
        },
      };
      return script;
    },
    head: { appendChild: (script: FakeScript) => scripts.push(script) },
  });
  return { scripts, fakeWindow };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("loadGoogleIdentity", () => {
  it("fails with 'Google Api is not available' when the script cannot load, and tries again later", async () => {
    const { scripts } = fakePage();
    const first = loadGoogleIdentity("https://gis.test/client");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: "https://gis.test/client", async: true });
    scripts[0]?.onerror?.();
    await expect(first).rejects.toBeInstanceOf(GoogleApiUnavailableError);
    await expect(first).rejects.toThrow(GOOGLE_API_UNAVAILABLE);
    expect(scripts[0]?.removed).toBe(true);

    const second = loadGoogleIdentity("https://gis.test/client");
    expect(scripts).toHaveLength(2);
    scripts[1]?.onerror?.();
    await expect(second).rejects.toThrow("Google Api is not available");
  });

  it("fails when the script loads without the API, or does not answer in time", async () => {
    const { scripts } = fakePage();
    const empty = loadGoogleIdentity("https://gis.test/client");
    scripts[0]?.onload?.();
    await expect(empty).rejects.toThrow(GOOGLE_API_UNAVAILABLE);

    vi.useFakeTimers();
    const slow = loadGoogleIdentity("https://gis.test/client", 1000);
    const settled = expect(slow).rejects.toThrow(GOOGLE_API_UNAVAILABLE);
    vi.advanceTimersByTime(1000);
    await settled;
  });

  it("answers google.accounts.id once loaded, and loads the script only once", async () => {
    const { scripts, fakeWindow } = fakePage();
    const api = { initialize: vi.fn(), prompt: vi.fn(), cancel: vi.fn() };
    const a = loadGoogleIdentity("https://gis.test/client");
    const b = loadGoogleIdentity("https://gis.test/client");
    expect(scripts).toHaveLength(1);
    fakeWindow.google = { accounts: { id: api } };
    scripts[0]?.onload?.();
    expect(await a).toBe(api);
    expect(await b).toBe(api);
    expect(await loadGoogleIdentity()).toBe(api);
  });
});

describe("createNonce", () => {
  it("gives a random raw nonce and its SHA-256 in hex (what Google puts in the token)", async () => {
    const one = await createNonce();
    const two = await createNonce();
    expect(one.raw).toMatch(/^[0-9a-f]{64}$/);
    expect(one.raw).not.toBe(two.raw);
    expect(one.hashed).toBe(createHash("sha256").update(one.raw).digest("hex"));
  });
});

describe("landingAfterGoogle", () => {
  it("keeps a same-site redirect query, refuses anything else", () => {
    expect(landingAfterGoogle("?redirect=%2Fprofile%3Ftab%3D1")).toBe("/profile?tab=1");
    expect(landingAfterGoogle("")).toBeNull();
    expect(landingAfterGoogle("?redirect=https%3A%2F%2Fevil.example")).toBeNull();
    expect(landingAfterGoogle("?redirect=%2F%2Fevil.example")).toBeNull();
    expect(landingAfterGoogle("?redirect=%2F%5Cevil")).toBeNull();
  });
});
