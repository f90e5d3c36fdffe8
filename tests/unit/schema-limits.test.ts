import { describe, expect, it } from "vitest";
import * as credentialSchemas from "@/lib/auth/client/credentials-schema";
import * as contactSchemas from "@/lib/contact/contact-schema";
import * as fileSchemas from "@/lib/files/file-schema";
import * as locationSchemas from "@/lib/listings/location-schema";
import * as moduleSchemas from "@/lib/modules/module-schema";
import * as contactEmailSchemas from "@/lib/organisations/contact-email-schema";
import * as faqSchemas from "@/lib/organisations/faq-schema";
import * as organisationSchemas from "@/lib/organisations/organisation-schema";
import * as roleSchemas from "@/lib/organisations/role-schema";
import * as peopleSchemas from "@/lib/people/people-schema";
import * as profileSchemas from "@/lib/profile/profile-schema";
import * as scheduleSchemas from "@/lib/schedules/schedule-schema";
import { parseWithValidation } from "@/lib/validation/parse";

/**
 * Every length limit of every form schema in lib/, table-driven: the longest value allowed
 * is accepted, one more character (or item) is refused on its field with the spec §5
 * message (`maxLength` with the limit for text, `format` for a list). The first test walks
 * the schemas and fails when a limit exists that the table does not list, so a new field
 * with a `.max()` (or one that loses it) cannot go unnoticed.
 */
const modules = {
  credentialSchemas,
  contactSchemas,
  fileSchemas,
  locationSchemas,
  moduleSchemas,
  contactEmailSchemas,
  faqSchemas,
  organisationSchemas,
  roleSchemas,
  peopleSchemas,
  profileSchemas,
  scheduleSchemas,
};

// ── The walk: every max_length check reachable from each exported schema ──────────────────

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: { def: CheckDef } }[] } };
}
interface CheckDef {
  check: string;
  maximum?: number;
}

function isZod(value: unknown): value is ZodLike {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** `field.sub[].leaf → limit` for every length limit under the schema. */
function limitsOf(schema: ZodLike, path = "", stack: ZodLike[] = []): Map<string, number> {
  const found = new Map<string, number>();
  if (stack.includes(schema)) return found;
  const def = schema._zod.def as Record<string, unknown> & ZodLike["_zod"]["def"];
  for (const check of def.checks ?? []) {
    const checkDef = check._zod.def;
    if (checkDef.check === "max_length") found.set(path, Number(checkDef.maximum));
  }
  const inner = (child: unknown, childPath: string) => {
    if (!isZod(child)) return;
    for (const [key, limit] of limitsOf(child, childPath, [...stack, schema]))
      found.set(key, limit);
  };
  if (def.type === "object") {
    for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
      inner(child, path ? `${path}.${key}` : key);
    }
  }
  if (def.type === "array") inner(def.element, `${path}[]`);
  for (const key of ["in", "out", "innerType", "schema"]) inner(def[key], path);
  return found;
}

function exportedLimits(): string[] {
  return Object.entries(modules).flatMap(([moduleName, exports]) =>
    Object.entries(exports).flatMap(([name, value]) =>
      isZod(value)
        ? [...limitsOf(value)].map(([path, limit]) => `${moduleName}.${name}:${path}=${limit}`)
        : [],
    ),
  );
}

// ── The table ──────────────────────────────────────────────────────────────────────────

const uuid = "0b7d9c1e-4a5f-4c7e-9f3a-2d1b6e8a9c10";
const text = (n: number) => "a".repeat(n);
const email = (n: number) => `${"a".repeat(n - "@example.test".length)}@example.test`;
const website = (n: number) => `https://${"a".repeat(n - "https://".length)}`;
const intervals = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    start: `${String(i).padStart(2, "0")}:00`,
    end: `${String(i).padStart(2, "0")}:30`,
  }));
const exceptions = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    closed: true,
    intervals: [],
    note: "",
  }));
const openException = (dayIntervals: unknown) => ({
  date: "2026-12-24",
  closed: false,
  intervals: dayIntervals,
  note: "",
});
const closedException = (note: string) => ({
  date: "2026-12-25",
  closed: true,
  intervals: [],
  note,
});

const schedule = { name: "Shop", timeZone: "UTC", weekly: {}, exceptions: [] };
const organisation = {
  name: "Acme",
  slug: "acme-shop",
  contactEmail: "office@example.test",
  country: "US",
  timeZone: "UTC",
  currency: "USD",
};
const profile = {
  version: 1,
  name: "Acme",
  description: "",
  country: "US",
  timeZone: "UTC",
  currency: "USD",
  locale: "en",
};

interface LimitCase {
  /** `module.export:path=limit`, as the walk names it. */
  id: string;
  /** A valid input with the value of length n at the limited place. */
  input(n: number): unknown;
  /** Strings: a value of exactly n characters. Lists: n items. */
  list?: boolean;
}

const weekdayCases: LimitCase[] = scheduleSchemas.isoWeekdays.flatMap((day) => [
  {
    id: `scheduleSchemas.weeklySchema:${day}=8`,
    list: true,
    input: (n: number) => ({ [day]: intervals(n) }),
  },
  {
    id: `scheduleSchemas.scheduleSchema:weekly.${day}=8`,
    list: true,
    input: (n: number) => ({ ...schedule, weekly: { [day]: intervals(n) } }),
  },
  {
    id: `scheduleSchemas.updateScheduleSchema:weekly.${day}=8`,
    list: true,
    input: (n: number) => ({
      ...schedule,
      scheduleId: uuid,
      version: 1,
      weekly: { [day]: intervals(n) },
    }),
  },
]);

const cases: LimitCase[] = [
  {
    id: "credentialSchemas.credentialsSchema:identifier=254",
    input: (n) => ({ identifier: email(n), password: "secret" }),
  },
  {
    id: "credentialSchemas.credentialsSchema:password=72",
    input: (n) => ({ identifier: "ann@example.test", password: text(n) }),
  },
  {
    id: "credentialSchemas.identifierSchema:identifier=254",
    input: (n) => ({ identifier: email(n) }),
  },
  { id: "contactSchemas.contactSchema:name=100", input: (n) => contact({ name: text(n) }) },
  { id: "contactSchemas.contactSchema:email=254", input: (n) => contact({ email: email(n) }) },
  { id: "contactSchemas.contactSchema:subject=150", input: (n) => contact({ subject: text(n) }) },
  { id: "contactSchemas.contactSchema:message=5000", input: (n) => contact({ message: text(n) }) },
  { id: "fileSchemas.fileNameField:=255", input: (n) => text(n) },
  {
    id: "fileSchemas.createFolderSchema:name=255",
    input: (n) => ({ parentId: "", name: text(n) }),
  },
  { id: "fileSchemas.renameFileSchema:name=255", input: (n) => ({ id: uuid, name: text(n) }) },
  {
    id: "fileSchemas.uploadFileSchema:name=255",
    input: (n) => ({ parentId: null, name: text(n), size: 1 }),
  },
  {
    id: "contactEmailSchemas.addContactEmailSchema:email=254",
    input: (n) => ({ email: email(n), label: "" }),
  },
  {
    id: "contactEmailSchemas.addContactEmailSchema:label=60",
    input: (n) => ({ email: "office@example.test", label: text(n) }),
  },
  {
    id: "faqSchemas.createFaqSchema:question=300",
    input: (n) => ({ question: text(n), answer: "A." }),
  },
  {
    id: "faqSchemas.createFaqSchema:answer=4000",
    input: (n) => ({ question: "Q?", answer: text(n) }),
  },
  {
    id: "faqSchemas.updateFaqSchema:question=300",
    input: (n) => ({ faqId: uuid, version: 1, question: text(n), answer: "A." }),
  },
  {
    id: "faqSchemas.updateFaqSchema:answer=4000",
    input: (n) => ({ faqId: uuid, version: 1, question: "Q?", answer: text(n) }),
  },
  { id: "organisationSchemas.nameField:=100", input: (n) => text(n) },
  { id: "organisationSchemas.slugField:=48", input: (n) => text(n) },
  {
    id: "organisationSchemas.registerOrganisationSchema:name=100",
    input: (n) => ({ ...organisation, name: text(n) }),
  },
  {
    id: "organisationSchemas.registerOrganisationSchema:slug=48",
    input: (n) => ({ ...organisation, slug: text(n) }),
  },
  {
    id: "organisationSchemas.registerOrganisationSchema:contactEmail=254",
    input: (n) => ({ ...organisation, contactEmail: email(n) }),
  },
  ...(
    [
      ["name", 100, text],
      ["description", 2000, text],
      ["phone", 40, text],
      ["website", 200, website],
      ["addressLine1", 200, text],
      ["addressLine2", 200, text],
      ["city", 100, text],
      ["region", 100, text],
      ["postalCode", 20, text],
    ] as const
  ).map(([field, limit, value]) => ({
    id: `organisationSchemas.organisationProfileSchema:${field}=${limit}`,
    input: (n: number) => ({ ...profile, [field]: value(n) }),
  })),
  ...(["locationFieldsSchema", "listingLocationSchema"] as const).flatMap((name) =>
    (
      [
        ["addressLine1", 200],
        ["addressLine2", 200],
        ["city", 100],
        ["region", 100],
        ["postalCode", 20],
      ] as const
    ).map(([field, limit]) => ({
      id: `locationSchemas.${name}:${field}=${limit}`,
      input: (n: number) => ({
        ...(name === "listingLocationSchema" ? { listingId: uuid, version: 1 } : {}),
        [field]: text(n),
      }),
    })),
  ),
  {
    id: "roleSchemas.createRoleSchema:name=60",
    input: (n) => ({ name: text(n), description: "" }),
  },
  {
    id: "roleSchemas.createRoleSchema:description=300",
    input: (n) => ({ name: "Role", description: text(n) }),
  },
  {
    id: "roleSchemas.updateRoleSchema:name=60",
    input: (n) => ({ roleId: uuid, version: 1, name: text(n), description: "" }),
  },
  {
    id: "roleSchemas.updateRoleSchema:description=300",
    input: (n) => ({ roleId: uuid, version: 1, name: "Role", description: text(n) }),
  },
  { id: "peopleSchemas.inviteSchema:email=254", input: (n) => ({ email: email(n), roleId: uuid }) },
  {
    id: "profileSchemas.profileSchema:displayName=60",
    input: (n) => ({ displayName: text(n), locale: "en", marketingConsent: false }),
  },
  { id: "scheduleSchemas.dayIntervalsSchema:=8", list: true, input: (n) => intervals(n) },
  ...weekdayCases,
  {
    id: "scheduleSchemas.exceptionSchema:intervals=8",
    list: true,
    input: (n) => openException(intervals(n)),
  },
  { id: "scheduleSchemas.exceptionSchema:note=200", input: (n) => closedException(text(n)) },
  { id: "scheduleSchemas.exceptionsSchema:=100", list: true, input: (n) => exceptions(n) },
  {
    id: "scheduleSchemas.exceptionsSchema:[].intervals=8",
    list: true,
    input: (n) => [openException(intervals(n))],
  },
  {
    id: "scheduleSchemas.exceptionsSchema:[].note=200",
    input: (n) => [closedException(text(n))],
  },
  ...(["scheduleSchema", "updateScheduleSchema"] as const).flatMap((name) => {
    const base =
      name === "scheduleSchema" ? schedule : { ...schedule, scheduleId: uuid, version: 1 };
    return [
      {
        id: `scheduleSchemas.${name}:name=100`,
        input: (n: number) => ({ ...base, name: text(n) }),
      },
      {
        id: `scheduleSchemas.${name}:exceptions=100`,
        list: true,
        input: (n: number) => ({ ...base, exceptions: exceptions(n) }),
      },
      {
        id: `scheduleSchemas.${name}:exceptions[].intervals=8`,
        list: true,
        input: (n: number) => ({ ...base, exceptions: [openException(intervals(n))] }),
      },
      {
        id: `scheduleSchemas.${name}:exceptions[].note=200`,
        input: (n: number) => ({ ...base, exceptions: [closedException(text(n))] }),
      },
    ];
  }),
];

function contact(values: Record<string, string>) {
  return {
    name: "Ann",
    email: "ann@example.test",
    subject: "Hello",
    message: "Hello there, world.",
    ...values,
  };
}

function parts(id: string) {
  const match = /^(\w+)\.(\w+):(.*)=(\d+)$/.exec(id);
  if (!match) throw new Error(`bad case id ${id}`);
  const [, moduleName, exportName, path, limit] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const schema = (modules as Record<string, Record<string, unknown>>)[moduleName]?.[exportName];
  if (!isZod(schema)) throw new Error(`${moduleName}.${exportName} is not a schema`);
  return { schema, path, limit: Number(limit) };
}

describe("length limits of the form schemas", () => {
  it("the table lists every limit of every exported schema", () => {
    expect(cases.map((c) => c.id).sort()).toEqual(exportedLimits().sort());
  });

  it.each(cases)("$id: the limit is accepted, one more is refused", (limitCase) => {
    const { schema, path, limit } = parts(limitCase.id);
    const accepted = parseWithValidation(schema as never, limitCase.input(limit));
    expect(accepted.success, JSON.stringify(accepted)).toBe(true);

    const refused = parseWithValidation(schema as never, limitCase.input(limit + 1));
    // The field the form shows the message on: the top-level one ("_form" for a bare field).
    // (an item of a bare list: its index; a bare field: "_form").
    const field = path.startsWith("[]") ? "0" : path.split(/[.[]/)[0] || "_form";
    const message = limitCase.list ? "validation:format" : `validation:maxLength:{"0":${limit}}`;
    expect(refused.success).toBe(false);
    if (refused.success) return;
    expect(Object.keys(refused.fieldErrors)).toEqual([field]);
    // The message the form shows first (a rule checked after the length may add its own).
    expect(refused.fieldErrors[field]?.[0]).toBe(message);
  });
});
