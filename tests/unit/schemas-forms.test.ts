import { describe, expect, it } from "vitest";
import { uuid, parse, FORMAT, REQUIRED, EMAIL, minLength } from "@/tests/support/schema-parse";
import { contactSchema } from "@/lib/contact/contact-schema";
import {
  createFolderSchema,
  deleteFileSchema,
  fileNameField,
  folderIdField,
  moveFileSchema,
  renameFileSchema,
  uploadFileSchema,
} from "@/lib/files/file-schema";
import { disableModuleSchema, enableModuleSchema } from "@/lib/modules/module-schema";
import {
  changeRoleSchema,
  employmentStatusSchema,
  invitationIdSchema,
  inviteSchema,
} from "@/lib/people/people-schema";
import { profileSchema } from "@/lib/profile/profile-schema";

/**
 * The people, profile, storage, module and contact forms' schemas, rule by rule: what each
 * field accepts, how it normalises it, the spec §5 message it refuses with (length limits:
 * schema-limits.test.ts). Written against the mutants StrykerJS made of them
 * (docs/testing.md, "Mutation testing").
 */
const otherUuid = "5f0c2b8e-1d3a-4e6f-8a9b-0c1d2e3f4a5b";

describe("people", () => {
  it("an invitation's address is trimmed and lower-cased; its role is a uuid", () => {
    expect(parse(inviteSchema, { email: "  Ann@Example.TEST ", roleId: ` ${uuid} ` })).toEqual({
      data: { email: "ann@example.test", roleId: uuid },
    });
    expect(parse(inviteSchema, { email: " ", roleId: "" }).errors).toEqual({
      email: [REQUIRED],
      roleId: [REQUIRED, REQUIRED],
    });
    expect(parse(inviteSchema, { email: "ann", roleId: "role-1" }).errors).toEqual({
      email: [EMAIL],
      roleId: [FORMAT],
    });
  });

  it("a change names the employment and the version the screen showed (a whole number from 1)", () => {
    expect(
      parse(changeRoleSchema, { employmentId: uuid, version: "4", roleId: otherUuid }),
    ).toEqual({ data: { employmentId: uuid, version: 4, roleId: otherUuid } });
    expect(parse(employmentStatusSchema, { employmentId: uuid, version: 1 })).toEqual({
      data: { employmentId: uuid, version: 1 },
    });
    for (const version of ["0", "-2", "1.5", "one"]) {
      expect(parse(employmentStatusSchema, { employmentId: uuid, version }).errors).toEqual({
        version: [FORMAT],
      });
    }
    expect(parse(invitationIdSchema, { invitationId: uuid })).toEqual({
      data: { invitationId: uuid },
    });
    expect(parse(invitationIdSchema, { invitationId: "x" }).errors).toEqual({
      invitationId: [FORMAT],
    });
  });
});

describe("profile", () => {
  const profile = { displayName: " Ann Lee ", locale: "es" };

  it("the marketing checkbox is on for true, 'on' or 'true', off for anything else", () => {
    for (const on of [true, "on", "true"]) {
      expect(parse(profileSchema, { ...profile, marketingConsent: on }).data, String(on)).toEqual({
        displayName: "Ann Lee",
        locale: "es",
        marketingConsent: true,
      });
    }
    for (const off of [false, undefined, "", "off", "false", "yes", 1]) {
      expect(
        parse(profileSchema, { ...profile, marketingConsent: off }).data?.marketingConsent,
        String(off),
      ).toBe(false);
    }
  });

  it("a display name needs 2 characters; the locale is one of ours", () => {
    expect(parse(profileSchema, { displayName: " A ", locale: "fr" }).errors).toEqual({
      displayName: [minLength(2)],
      locale: [FORMAT],
    });
    expect(parse(profileSchema, { displayName: "Al", locale: "en" }).data).toMatchObject({
      displayName: "Al",
      locale: "en",
    });
    expect(parse(profileSchema, { displayName: "  ", locale: "en" }).errors).toEqual({
      displayName: [REQUIRED, REQUIRED],
    });
  });
});

describe("storage", () => {
  it("a name is trimmed and must be a valid file name", () => {
    expect(parse(fileNameField, "  report.pdf  ")).toEqual({ data: "report.pdf" });
    for (const bad of [".", "..", "a/b", "a\\b"]) {
      expect(parse(fileNameField, bad).errors, bad).toEqual({ _form: [FORMAT] });
    }
    expect(parse(fileNameField, "   ").errors).toEqual({ _form: [REQUIRED, FORMAT] });
  });

  it("a folder id: '' (the form's top level), null or absent all mean the top level", () => {
    for (const top of ["", null, undefined]) {
      expect(parse(folderIdField, top), String(top)).toEqual({ data: null });
    }
    expect(parse(folderIdField, uuid)).toEqual({ data: uuid });
    expect(parse(folderIdField, "top").errors).toEqual({ _form: [FORMAT] });
  });

  it("each storage form's fields", () => {
    expect(parse(createFolderSchema, { parentId: "", name: " Invoices " })).toEqual({
      data: { parentId: null, name: "Invoices" },
    });
    expect(parse(createFolderSchema, { parentId: uuid, name: "x" }).data).toEqual({
      parentId: uuid,
      name: "x",
    });
    expect(parse(renameFileSchema, { id: uuid, name: " b.txt" })).toEqual({
      data: { id: uuid, name: "b.txt" },
    });
    expect(parse(renameFileSchema, { id: "1", name: "b.txt" }).errors).toEqual({ id: [FORMAT] });
    expect(parse(moveFileSchema, { id: uuid, targetId: "" })).toEqual({
      data: { id: uuid, targetId: null },
    });
    expect(parse(moveFileSchema, { id: uuid, targetId: otherUuid })).toEqual({
      data: { id: uuid, targetId: otherUuid },
    });
    expect(parse(deleteFileSchema, { id: uuid })).toEqual({ data: { id: uuid } });
    expect(parse(uploadFileSchema, { parentId: null, name: "a.txt", size: 0 })).toEqual({
      data: { parentId: null, name: "a.txt", size: 0 },
    });
    for (const size of [-1, 1.5, "3"]) {
      expect(parse(uploadFileSchema, { name: "a.txt", size }).errors, String(size)).toEqual({
        size: [FORMAT],
      });
    }
  });
});

describe("modules", () => {
  it("switching on names a module and a tier; switching off, a module", () => {
    expect(parse(enableModuleSchema, { module: "storage", tier: "pro" })).toEqual({
      data: { module: "storage", tier: "pro" },
    });
    expect(parse(enableModuleSchema, { module: "spaceship", tier: "gold" }).errors).toEqual({
      module: [FORMAT],
      tier: [FORMAT],
    });
    expect(parse(disableModuleSchema, { module: "storage" })).toEqual({
      data: { module: "storage" },
    });
    expect(parse(disableModuleSchema, {}).errors).toEqual({ module: [FORMAT] });
  });
});

describe("contact", () => {
  const message = {
    name: " Ann ",
    email: " ann@example.test ",
    subject: " Hours ",
    message: "  When do you open?\nThanks.  ",
  };

  it("every field is trimmed; the message may have several lines", () => {
    expect(parse(contactSchema, message)).toEqual({
      data: {
        name: "Ann",
        email: "ann@example.test",
        subject: "Hours",
        message: "When do you open?\nThanks.",
      },
    });
  });

  it("each field refuses with its message", () => {
    expect(
      parse(contactSchema, { name: " ", email: " ", subject: " ", message: " " }).errors,
    ).toEqual({
      name: [REQUIRED],
      email: [REQUIRED],
      subject: [REQUIRED],
      message: [REQUIRED, REQUIRED],
    });
    expect(
      parse(contactSchema, {
        name: "A\nB",
        email: "ann@",
        subject: "Hi\nthere",
        message: "  Too short  ",
      }).errors,
    ).toEqual({
      name: [FORMAT],
      email: [EMAIL],
      subject: [FORMAT],
      message: [minLength(10)],
    });
    expect(parse(contactSchema, { ...message, message: "Ten chars!" }).data).toMatchObject({
      message: "Ten chars!",
    });
  });
});
