import { describe, expect, it } from "vitest";
import { roleName } from "./labels";

const builtin = (key: string) => `Built-in ${key}`;

describe("roleName", () => {
  it("names a role by its catalogue name when built in, else by its own", () => {
    expect(roleName(builtin, { builtinKey: "owner", name: "owner" })).toBe("Built-in owner");
    expect(roleName(builtin, { builtinKey: null, name: "Cashier" })).toBe("Cashier");
  });

  it("names a member's or an invitation's role, never by the person's name", () => {
    const member = { name: "Ada Lovelace", email: "ada@example.test" };
    expect(roleName(builtin, { ...member, roleKey: null, roleName: "Cashier" })).toBe("Cashier");
    expect(roleName(builtin, { ...member, roleKey: "viewer", roleName: "viewer" })).toBe(
      "Built-in viewer",
    );
    // A member without a display name still shows the role's.
    expect(roleName(builtin, { name: "", roleKey: null, roleName: "Cashier" })).toBe("Cashier");
  });
});
