import { describe, expect, it } from "vitest";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import en from "@/messages/en";
import es from "@/messages/es";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

function placeholders(text: string): string[] {
  // Argument names only ("{count}", "{count, plural, …}"), not the words of ICU branches.
  const names = [
    ...text.matchAll(/\{\s*(\w+)\s*(?:,\s*(?:plural|select|selectordinal|number|date|time)\b|\})/g),
  ];
  return [...new Set(names.map((m) => m[1] ?? ""))].sort();
}

function lookup(tree: Tree, path: string): string | Tree | undefined {
  return path
    .split(".")
    .reduce<string | Tree | undefined>(
      (node, part) => (node && typeof node === "object" ? node[part] : undefined),
      tree,
    );
}

describe("message catalogues", () => {
  const enKeys = keys(en as unknown as Tree);
  const esKeys = keys(es as unknown as Tree);

  it("Spanish has every English key and no extra ones", () => {
    expect(esKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !esKeys.includes(k))).toEqual([]);
  });

  it("translations keep the same placeholders", () => {
    for (const key of enKeys) {
      const a = lookup(en as unknown as Tree, key);
      const b = lookup(es as unknown as Tree, key);
      if (typeof a === "string" && typeof b === "string") {
        expect(placeholders(b), key).toEqual(placeholders(a));
      }
    }
  });

  it("no message is empty", () => {
    for (const key of enKeys) {
      expect(String(lookup(en as unknown as Tree, key)).trim(), key).not.toBe("");
      expect(String(lookup(es as unknown as Tree, key)).trim(), key).not.toBe("");
    }
  });
});

describe("negotiateLocale", () => {
  it("prefers the remembered choice", () => {
    expect(negotiateLocale("es", "en-US,en;q=0.9")).toBe("es");
  });
  it("ignores an unknown remembered value", () => {
    expect(negotiateLocale("fr", "es-ES,es;q=0.9")).toBe("es");
  });
  it("follows Accept-Language quality order", () => {
    expect(negotiateLocale(undefined, "fr;q=1, es;q=0.8, en;q=0.5")).toBe("es");
    expect(negotiateLocale(undefined, "de-DE, en-GB;q=0.7")).toBe("en");
  });
  it("falls back to English", () => {
    expect(negotiateLocale(undefined, null)).toBe("en");
    expect(negotiateLocale(undefined, "zz, *;q=0.1")).toBe("en");
    expect(negotiateLocale(undefined, "es;q=0")).toBe("en");
  });
});
