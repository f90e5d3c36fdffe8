import { describe, expect, it } from "vitest";
import { isCommercePath } from "./commerce-sections";
import { isActiveLink } from "./active-link";
import { drawerInitScript, drawerStorageKey } from "./drawer-store";

describe("layout paths", () => {
  it("recognises commerce routes (taller top bar)", () => {
    expect(isCommercePath("/commerce")).toBe(true);
    expect(isCommercePath("/commerce/event/1")).toBe(true);
    expect(isCommercePath("/commercial")).toBe(false);
    expect(isCommercePath("/")).toBe(false);
  });

  it("marks the active drawer link", () => {
    expect(isActiveLink("/", "/")).toBe(true);
    expect(isActiveLink("/about", "/")).toBe(false);
    expect(isActiveLink("/docs/getting-started", "/docs")).toBe(true);
    expect(isActiveLink("/commerce/serviceProvider", "/commerce/service")).toBe(false);
  });

  it("mirrors the stored drawer state on <html> before paint", () => {
    const attributes = new Map<string, string>();
    const storage = new Map([[drawerStorageKey, "open"]]);
    const run = new Function("document", "localStorage", drawerInitScript);
    const fakeDocument = {
      documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v) },
    };
    run(fakeDocument, { getItem: (k: string) => storage.get(k) ?? null });
    expect(attributes.get("data-drawer")).toBe("open");
    storage.clear();
    run(fakeDocument, { getItem: (k: string) => storage.get(k) ?? null });
    expect(attributes.get("data-drawer")).toBe("closed");
    // …and marks <html> as scripted, even when storage is refused.
    attributes.clear();
    run(fakeDocument, {
      getItem: () => {
        throw new Error("denied");
      },
    });
    expect([...attributes.entries()]).toEqual([["data-js", ""]]);
  });
});
