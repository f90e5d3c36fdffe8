import { describe, expect, it } from "vitest";
import enAdmin from "@/messages/en/orgAdmin.json";
import esAdmin from "@/messages/es/orgAdmin.json";
import { moduleNames } from "@/lib/modules/catalogue";
import { permissionNames } from "./catalogue";
import { permissionGroups } from "./labels";

function lookup(messages: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined,
      messages,
    );
}

describe("labels of the permission matrix and the module pages", () => {
  it.each([
    ["en", enAdmin],
    ["es", esAdmin],
  ])("%s: every catalogue permission and group has a label", (_locale, messages) => {
    for (const permission of permissionNames) {
      const label = lookup(messages, `permissions.${permission}`);
      expect(typeof label === "string" && label.trim().length > 0, permission).toBe(true);
    }
    for (const group of permissionGroups()) {
      expect(typeof lookup(messages, `permissionGroups.${group.module}`), group.module).toBe(
        "string",
      );
    }
    for (const name of moduleNames) {
      expect(typeof lookup(messages, `modules.descriptions.${name}`), name).toBe("string");
    }
  });

  it("groups cover the catalogue once, each permission under its module", () => {
    const groups = permissionGroups();
    const listed = groups.flatMap((g) => g.permissions);
    expect([...listed].sort()).toEqual([...permissionNames].sort());
    expect(new Set(groups.map((g) => g.module)).size).toBe(groups.length);
    for (const group of groups) {
      expect(group.permissions.every((p) => p.startsWith(`${group.module}.`))).toBe(true);
    }
  });
});
