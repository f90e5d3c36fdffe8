import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  auditActions,
  auditFieldNames,
  auditResourceTypes,
  snapshotName,
} from "@/lib/audit/labels";
import en from "@/messages/en";
import es from "@/messages/es";

type Tree = { [key: string]: string | Tree };

function lookup(tree: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `action: "…"` and `resourceType: "…"` literals of the code that writes the audit trail. */
function recorded(field: "action" | "resourceType"): string[] {
  const found = new Set<string>();
  for (const file of sources(join(process.cwd(), "lib"))) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("audit")) continue;
    for (const match of text.matchAll(new RegExp(`\\b${field}: "([\\w.]+)"`, "g"))) {
      found.add(match[1] ?? "");
    }
  }
  return [...found];
}

describe("audit labels (the trail and the dashboard show no raw keys)", () => {
  it("lists every action and resource type the code records", () => {
    const actions = recorded("action").filter((action) => action.includes("."));
    expect(actions.length).toBeGreaterThan(20);
    expect(actions.filter((a) => !(auditActions as readonly string[]).includes(a))).toEqual([]);
    const types = recorded("resourceType");
    expect(types.filter((t) => !(auditResourceTypes as readonly string[]).includes(t))).toEqual([]);
    // Storage builds its actions as `${resourceType}.${verb}` (lib/files/commands.ts).
    for (const kind of ["file", "folder"]) {
      for (const verb of ["rename", "move", "delete"]) {
        expect(auditActions).toContain(`storage.${kind}.${verb}`);
      }
    }
  });

  it("has a label for each in English and in Spanish", () => {
    for (const [locale, messages] of [
      ["en", en],
      ["es", es],
    ] as const) {
      const audit = (messages.orgAdmin as unknown as Tree).audit;
      for (const action of auditActions) {
        expect(typeof lookup(audit, `actions.${action}`), `${locale} ${action}`).toBe("string");
      }
      for (const type of auditResourceTypes) {
        expect(typeof lookup(audit, `resources.${type}`), `${locale} ${type}`).toBe("string");
      }
      for (const field of auditFieldNames) {
        expect(typeof lookup(audit, `fields.${field}`), `${locale} ${field}`).toBe("string");
      }
    }
    expect(lookup(es.orgAdmin, "audit.actions.people.employment.changeRole")).toBe(
      "Cambió el rol de un miembro",
    );
  });

  it("names a resource that is gone from its newest snapshot", () => {
    expect(snapshotName({ name: "Old" }, { name: "New" })).toBe("New");
    expect(snapshotName({ question: "Opening hours?" }, null)).toBe("Opening hours?");
    expect(snapshotName({ status: "pending" }, { status: "revoked" })).toBeNull();
    expect(snapshotName(null, ["a"])).toBeNull();
  });
});
