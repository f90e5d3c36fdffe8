import { describe, expect, it } from "vitest";
import type { ModuleName } from "@/lib/modules/catalogue";
import type { Permission } from "@/lib/permissions/catalogue";
import {
  firstSettingsPage,
  organisationRedirectPath,
  settingsPages,
  visibleAreas,
} from "./navigation";

const holding = (permissions: Permission[], modules: ModuleName[] = []) => ({
  can: (permission: Permission) => permissions.includes(permission),
  hasModule: (module: ModuleName) => modules.includes(module),
});
const keys = (permissions: Permission[], modules: ModuleName[] = []) =>
  visibleAreas(holding(permissions, modules)).map((area) => area.key);

describe("the back office's menu", () => {
  it("shows an area to those who hold its permission, and a module's only when it is on", () => {
    expect(keys([])).toEqual(["dashboard"]);
    expect(keys(["people.employment.read"])).toEqual(["dashboard", "people"]);
    expect(keys(["commerce.product.read"])).toEqual(["dashboard"]);
    expect(keys(["commerce.product.read"], ["commerce"])).toEqual(["dashboard", "commerce"]);
  });

  it("shows Settings to anyone who may open one of its pages, not only the profile", () => {
    expect(keys(["settings.organisation.read"])).toContain("settings");
    for (const page of settingsPages) expect(keys([page.permission])).toContain("settings");
    expect(keys(["people.employment.read", "reviews.review.read"])).not.toContain("settings");
  });

  it("leads a member without the profile to the first settings page they may open", () => {
    expect(firstSettingsPage(holding(["settings.audit.read"]))).toBe("/settings/audit");
    expect(firstSettingsPage(holding(["settings.module.read", "settings.role.read"]))).toBe(
      "/settings/roles",
    );
    expect(firstSettingsPage(holding(["people.employment.read"]))).toBeNull();
  });
});

describe("where an action's redirect goes (organisationRedirectPath)", () => {
  const id = "0b9c2b3e-5d1f-4a6b-8c7d-9e0f1a2b3c4d";

  it("into the organisation for a uuid (the checked id), lower-cased as the database writes it", () => {
    expect(organisationRedirectPath(id, "/payment/balance")).toBe(
      `/backoffice/organisation/${id}/payment/balance`,
    );
    expect(organisationRedirectPath(id.toUpperCase(), "/commerce/order")).toBe(
      `/backoffice/organisation/${id}/commerce/order`,
    );
    expect(organisationRedirectPath(id)).toBe(`/backoffice/organisation/${id}`);
  });

  it("to /backoffice for anything else, so a form's text never reaches the redirect header", () => {
    for (const unchecked of [
      `${id}\u0000`,
      `a\u0000b`,
      "x".repeat(60_000),
      `${id}/../../evil`,
      `${id}\r\nSet-Cookie: a=b`,
      ` ${id}`,
      "",
      "null",
      null,
      undefined,
      42,
      [id],
      { id },
      new File([id], "id.txt"),
    ]) {
      expect(organisationRedirectPath(unchecked, "/payment/balance")).toBe("/backoffice");
    }
  });
});
