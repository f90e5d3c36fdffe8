import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FAILED_TO_LOAD, loadCardProvider, NOT_AVAILABLE } from "./load-card-provider";

/**
 * The real @stripe/stripe-js loader in a minimal fake browser: it injects its <script>, and
 * the fake fires the script's `error` (the network or the CSP refused it) or `load` event,
 * with or without defining window.Stripe.
 */
type Outcome = "error" | "load-without-stripe" | "load";
let outcome: Outcome = "error";
let injected = 0;
const stripeInstance = { elements: () => ({}) };

function fakeBrowser() {
  const window: { Stripe?: unknown } = {};
  const script = () => {
    const listeners = new Map<string, () => void>();
    return {
      src: "",
      parentNode: null,
      addEventListener(type: string, listener: () => void) {
        listeners.set(type, listener);
        if (listeners.has("load") && listeners.has("error")) {
          setTimeout(() => {
            if (outcome === "error") listeners.get("error")!();
            else {
              if (outcome === "load") {
                window.Stripe = Object.assign(() => stripeInstance, { version: "endive" });
              }
              listeners.get("load")!();
            }
          }, 0);
        }
      },
      removeEventListener() {},
    };
  };
  const document = {
    head: {
      appendChild: () => {
        injected += 1;
      },
    },
    body: null,
    querySelectorAll: () => [],
    createElement: script,
  };
  vi.stubGlobal("window", window);
  vi.stubGlobal("document", document);
}

describe("loadCardProvider", () => {
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    injected = 0;
    fakeBrowser();
    warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    warn.mockRestore();
  });

  it("loads nothing for the sandbox", async () => {
    expect(await loadCardProvider({ provider: "sandbox", publishableKey: null })).toEqual({
      kind: "sandbox",
    });
    expect(injected).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it(`warns "${FAILED_TO_LOAD}" and answers null when the script does not load`, async () => {
    outcome = "error";
    const provider = await loadCardProvider({ provider: "stripe", publishableKey: "pk_test_1" });
    expect(provider).toBeNull();
    expect(injected).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalledWith(FAILED_TO_LOAD);
    expect(warn).not.toHaveBeenCalledWith(NOT_AVAILABLE);
  });

  it(`warns "${NOT_AVAILABLE}" and answers null when the script loads without Stripe`, async () => {
    outcome = "load-without-stripe";
    const provider = await loadCardProvider({ provider: "stripe", publishableKey: "pk_test_1" });
    expect(provider).toBeNull();
    expect(warn).toHaveBeenCalledWith(NOT_AVAILABLE);
    expect(warn).not.toHaveBeenCalledWith(FAILED_TO_LOAD);
  });

  it("answers Stripe when the script loads", async () => {
    outcome = "load";
    const provider = await loadCardProvider({ provider: "stripe", publishableKey: "pk_test_1" });
    expect(provider).toEqual({ kind: "stripe", stripe: stripeInstance });
    expect(warn).not.toHaveBeenCalledWith(FAILED_TO_LOAD);
  });

  it(`warns "${NOT_AVAILABLE}" without a publishable key, and when the loader gives nothing`, async () => {
    expect(await loadCardProvider({ provider: "stripe", publishableKey: null })).toBeNull();
    expect(
      await loadCardProvider({ provider: "stripe", publishableKey: "pk_1" }, async () => null),
    ).toBeNull();
    expect(warn.mock.calls).toEqual([[NOT_AVAILABLE], [NOT_AVAILABLE]]);
  });
});
