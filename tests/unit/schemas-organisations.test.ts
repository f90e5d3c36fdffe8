import { describe, expect, it } from "vitest";
import { uuid, parse, FORMAT, REQUIRED, EMAIL, minLength } from "@/tests/support/schema-parse";
import {
  addContactEmailSchema,
  contactEmailIdSchema,
} from "@/lib/organisations/contact-email-schema";
import {
  createFaqSchema,
  deleteFaqSchema,
  moveFaqSchema,
  updateFaqSchema,
} from "@/lib/organisations/faq-schema";
import {
  isCurrency,
  isTimeZone,
  nameField,
  organisationProfileSchema,
  registerOrganisationSchema,
  reservedSlugs,
  slugField,
  slugify,
  SLUG_PATTERN,
} from "@/lib/organisations/organisation-schema";
import {
  createRoleSchema,
  deleteRoleSchema,
  rolePermissionsSchema,
  updateRoleSchema,
} from "@/lib/organisations/role-schema";

/**
 * The organisation module's form schemas, rule by rule: what each field accepts, how it
 * normalises it, and the spec §5 message it refuses with (length limits: schema-limits.test.ts).
 * Written against the mutants StrykerJS made of them (docs/testing.md, "Mutation testing").
 */

describe("organisation: slugs", () => {
  it("slugify lower-cases, drops accents, joins words with single hyphens, trims hyphens", () => {
    expect(slugify("Café Olé")).toBe("cafe-ole");
    expect(slugify("  --Hello,  World!!--  ")).toBe("hello-world");
    expect(slugify("ÅNGSTRÖM Bar & Grill")).toBe("angstrom-bar-grill");
    expect(slugify("a_b.c")).toBe("a-b-c");
    expect(slugify("42 Ünïcödé")).toBe("42-unicode");
    expect(slugify("日本")).toBe("");
  });

  it("slugify cuts at 48 characters without leaving a hyphen at the end", () => {
    const name = `${"a".repeat(47)} bcd`;
    expect(slugify(name)).toBe("a".repeat(47));
    expect(slugify("b".repeat(60))).toBe("b".repeat(48));
  });

  it("the slug pattern: lower-case words of letters and digits joined by single hyphens", () => {
    for (const ok of ["acme", "acme-shop", "a1-b2-c3", "123"])
      expect(SLUG_PATTERN.test(ok)).toBe(true);
    for (const bad of ["-acme", "acme-", "acme--shop", "Acme", "acme shop", "acme_shop", "x-é"]) {
      expect(SLUG_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it("every reserved slug is refused, as it is typed", () => {
    expect([...reservedSlugs].sort()).toEqual(
      [
        "admin",
        "api",
        "app",
        "auth",
        "backoffice",
        "commerce",
        "dashboard",
        "docs",
        "help",
        "live-market",
        "livemarket",
        "login",
        "new",
        "profile",
        "settings",
        "support",
        "www",
      ].sort(),
    );
    for (const slug of reservedSlugs) {
      expect(parse(slugField, ` ${slug.toUpperCase()} `).errors, slug).toEqual({ _form: [FORMAT] });
    }
  });

  it("a free slug is trimmed and lower-cased; short, empty and malformed ones are refused", () => {
    expect(parse(slugField, "  Acme-Shop ")).toEqual({ data: "acme-shop" });
    expect(parse(slugField, "abc")).toEqual({ data: "abc" });
    expect(parse(slugField, "ab").errors?._form).toEqual([minLength(3)]);
    expect(parse(slugField, "   ").errors?._form?.[0]).toBe(REQUIRED);
    expect(parse(slugField, "acme shop").errors?._form).toEqual([FORMAT]);
  });
});

describe("organisation: names, places and settings", () => {
  it("a name is trimmed, needs 2 characters, and says required when empty", () => {
    expect(parse(nameField, "  Acme  ")).toEqual({ data: "Acme" });
    expect(parse(nameField, "Ab")).toEqual({ data: "Ab" });
    expect(parse(nameField, " A ").errors?._form).toEqual([minLength(2)]);
    expect(parse(nameField, "  ").errors?._form?.[0]).toBe(REQUIRED);
    expect(parse(nameField, "Acme\nShop").errors?._form).toEqual([FORMAT]);
  });

  it("time zones: IANA names and UTC; currencies: ISO 4217 codes", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Madrid")).toBe(true);
    expect(isTimeZone("Asia/Tokyo")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isCurrency("EUR")).toBe(true);
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("eur")).toBe(false);
    expect(isCurrency("XYZ")).toBe(false);
  });

  const registration = {
    name: " Acme ",
    slug: " ACME-shop ",
    contactEmail: " office@example.test ",
    country: " es ",
    timeZone: " Europe/Madrid ",
    currency: " eur ",
  };

  it("registration normalises every field", () => {
    expect(parse(registerOrganisationSchema, registration)).toEqual({
      data: {
        name: "Acme",
        slug: "acme-shop",
        contactEmail: "office@example.test",
        country: "ES",
        timeZone: "Europe/Madrid",
        currency: "EUR",
      },
    });
  });

  it("registration refuses each field with its message", () => {
    expect(
      parse(registerOrganisationSchema, {
        name: "",
        slug: "",
        contactEmail: "",
        country: "",
        timeZone: "",
        currency: "",
      }).errors,
    ).toEqual({
      name: [REQUIRED, REQUIRED],
      slug: [REQUIRED, REQUIRED, REQUIRED],
      contactEmail: [REQUIRED],
      country: [REQUIRED, FORMAT],
      timeZone: [REQUIRED, FORMAT],
      currency: [REQUIRED, FORMAT],
    });
    expect(
      parse(registerOrganisationSchema, {
        ...registration,
        contactEmail: "office@",
        country: "XX",
        timeZone: "Mars/Olympus",
        currency: "XYZ",
      }).errors,
    ).toEqual({
      contactEmail: [EMAIL],
      country: [FORMAT],
      timeZone: [FORMAT],
      currency: [FORMAT],
    });
  });

  const profile = {
    version: "3",
    name: "Acme",
    description: "  Line one\nLine two\n",
    country: "us",
    timeZone: "UTC",
    currency: "usd",
    locale: "es",
  };

  it("the profile: version from the form's text, optional lines as null, multi-line description", () => {
    expect(parse(organisationProfileSchema, profile)).toEqual({
      data: {
        version: 3,
        name: "Acme",
        description: "Line one\nLine two",
        phone: null,
        website: null,
        addressLine1: null,
        addressLine2: null,
        city: null,
        region: null,
        postalCode: null,
        country: "US",
        timeZone: "UTC",
        currency: "USD",
        locale: "es",
      },
    });
    const filled = parse(organisationProfileSchema, {
      ...profile,
      phone: " +34 600 ",
      website: " https://acme.example/shop ",
      addressLine1: " 1 Main St ",
      addressLine2: "  ",
      city: "Springfield",
      region: "",
      postalCode: "12345",
    });
    expect(filled.data).toMatchObject({
      phone: "+34 600",
      website: "https://acme.example/shop",
      addressLine1: "1 Main St",
      addressLine2: null,
      city: "Springfield",
      region: null,
      postalCode: "12345",
    });
  });

  it("the profile refuses a bad version, a website that is not http(s), a line break in a line, another locale", () => {
    for (const version of ["0", "-1", "1.5", "x"]) {
      expect(parse(organisationProfileSchema, { ...profile, version }).errors, version).toEqual({
        version: [FORMAT],
      });
    }
    for (const website of [
      "ftp://acme.example",
      "acme.example",
      "https://",
      "https://a b",
      "xhttps://acme.example",
    ]) {
      expect(parse(organisationProfileSchema, { ...profile, website }).errors, website).toEqual({
        website: [FORMAT],
      });
    }
    expect(
      parse(organisationProfileSchema, { ...profile, website: "HTTP://A.EXAMPLE" }).data,
    ).toMatchObject({ website: "HTTP://A.EXAMPLE" });
    expect(parse(organisationProfileSchema, { ...profile, city: "A\nB" }).errors).toEqual({
      city: [FORMAT],
    });
    expect(parse(organisationProfileSchema, { ...profile, locale: "fr" }).errors).toEqual({
      locale: [FORMAT],
    });
  });
});

describe("organisation: contact addresses and FAQ", () => {
  it("a contact address is trimmed and lower-cased; its label defaults to empty", () => {
    expect(parse(addContactEmailSchema, { email: "  Office@Example.TEST " })).toEqual({
      data: { email: "office@example.test", label: "" },
    });
    expect(parse(addContactEmailSchema, { email: "a@example.test", label: " Sales " })).toEqual({
      data: { email: "a@example.test", label: "Sales" },
    });
    expect(parse(addContactEmailSchema, { email: "  " }).errors).toEqual({ email: [REQUIRED] });
    expect(parse(addContactEmailSchema, { email: "office" }).errors).toEqual({ email: [EMAIL] });
    expect(parse(contactEmailIdSchema, { contactEmailId: uuid })).toEqual({
      data: { contactEmailId: uuid },
    });
    expect(parse(contactEmailIdSchema, { contactEmailId: "1" }).errors).toEqual({
      contactEmailId: [FORMAT],
    });
  });

  it("a question is one trimmed line, an answer may have several; both are required", () => {
    expect(parse(createFaqSchema, { question: " Open? ", answer: " Yes.\nDaily. " })).toEqual({
      data: { question: "Open?", answer: "Yes.\nDaily." },
    });
    expect(parse(createFaqSchema, { question: "A\nB", answer: " " }).errors).toEqual({
      question: [FORMAT],
      answer: [REQUIRED],
    });
    expect(parse(createFaqSchema, { question: " ", answer: "x" }).errors).toEqual({
      question: [REQUIRED],
    });
  });

  it("an edit carries the version it was opened on (from 1), a move goes up or down", () => {
    const edit = { faqId: uuid, question: "Q?", answer: "A." };
    expect(parse(updateFaqSchema, { ...edit, version: "7" }).data).toEqual({ ...edit, version: 7 });
    expect(parse(updateFaqSchema, { ...edit, version: "1" }).data).toMatchObject({ version: 1 });
    for (const version of ["0", "2.5"]) {
      expect(parse(updateFaqSchema, { ...edit, version }).errors).toEqual({ version: [FORMAT] });
    }
    expect(parse(deleteFaqSchema, { faqId: uuid })).toEqual({ data: { faqId: uuid } });
    expect(parse(moveFaqSchema, { faqId: uuid, direction: "up" }).data).toMatchObject({
      direction: "up",
    });
    expect(parse(moveFaqSchema, { faqId: uuid, direction: "down" }).data).toMatchObject({
      direction: "down",
    });
    expect(parse(moveFaqSchema, { faqId: uuid, direction: "left" }).errors).toEqual({
      direction: [FORMAT],
    });
  });
});

describe("organisation: roles", () => {
  it("a role's name is trimmed and needs 2 characters; its description defaults to empty", () => {
    expect(parse(createRoleSchema, { name: " Cashier " })).toEqual({
      data: { name: "Cashier", description: "" },
    });
    expect(parse(createRoleSchema, { name: "X", description: "a\nb" }).errors).toEqual({
      name: [minLength(2)],
    });
    expect(parse(createRoleSchema, { name: "Ok", description: " a\nb " }).data).toEqual({
      name: "Ok",
      description: "a\nb",
    });
    expect(parse(createRoleSchema, { name: "" }).errors).toEqual({ name: [REQUIRED, REQUIRED] });
    expect(parse(updateRoleSchema, { roleId: uuid, version: "2", name: "Cashier" }).data).toEqual({
      roleId: uuid,
      version: 2,
      name: "Cashier",
      description: "",
    });
    expect(parse(updateRoleSchema, { roleId: "x", version: "0", name: "Cashier" }).errors).toEqual({
      roleId: [FORMAT],
      version: [FORMAT],
    });
    expect(parse(deleteRoleSchema, { roleId: uuid })).toEqual({ data: { roleId: uuid } });
  });

  const matrix = (permissions: unknown) =>
    parse(rolePermissionsSchema, { roleId: uuid, version: 1, permissions });

  it("the permission matrix: no box ticked, one, or several (sorted, each once)", () => {
    for (const none of [undefined, null, "", false, []]) {
      expect(matrix(none).data?.permissions, String(none)).toEqual([]);
    }
    expect(matrix("settings.role.read").data?.permissions).toEqual(["settings.role.read"]);
    expect(
      matrix(["settings.role.write", "people.employment.read", "settings.role.write"]).data
        ?.permissions,
    ).toEqual(["people.employment.read", "settings.role.write"]);
  });

  it("the permission matrix refuses a name that is not a permission", () => {
    expect(matrix(["settings.role.read", "settings.everything"]).errors).toEqual({
      permissions: [FORMAT],
    });
    expect(matrix(0).errors).toEqual({ permissions: [FORMAT] });
    expect(matrix(true).errors).toEqual({ permissions: [FORMAT] });
  });
});
