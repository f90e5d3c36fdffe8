// First: the request scope sets up what Next's server sets up before its stores exist.
import {
  inRequestScope,
  signInCookies,
  siteRequest,
  type CookieJar,
} from "./support/request-scope";
import { and, eq } from "drizzle-orm";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import { z } from "zod";
import { idleState } from "@/lib/backoffice/action-state";
import {
  formToObject,
  organisationAction,
  runCommand,
  type CommandConfig,
} from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import { saveRolePermissionsCommand } from "@/lib/organisations/roles";
import { organisations, rolePermissions, roles } from "@/lib/organisations/schema";
import type { Permission } from "@/lib/permissions/catalogue";
import { startSmtpCapture, type SmtpCapture } from "@/tests/support/smtp-capture";
import {
  createCustomRole,
  createOrganisationWorld,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * What the other door tests leave out: the action door (`organisationAction`) called as
 * Next calls a server action, with the FormData a browser posts and a real session; how a
 * form becomes the command's input (`formToObject`); and the command door's work after the
 * commit (emails over a real SMTP server) and its logged failures. Each test names the
 * behaviour it pins; together they kill the mutants of lib/backoffice/doors.ts that the
 * page, route-handler and command tests leave alive (docs/testing.md, "Mutation testing").
 */
let world: OrganisationWorld;
let ownerJar: CookieJar;
let roleId: string;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
  roleId = await createCustomRole(getDb(), world.a.id, "Form role", []);
  ownerJar = await signInCookies(world.a.members.owner);
});

afterAll(async () => {
  await closeDb();
});

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  logged.mockRestore();
});

function form(entries: [string, string | Blob][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function asCaller<T>(jar: CookieJar, fn: () => Promise<T>): Promise<T> {
  return inRequestScope(siteRequest("/backoffice", { method: "POST" }, jar), fn);
}

async function roleState(): Promise<{ version: number; permissions: string[] }> {
  return runAsSystem(getDb(), "test: role state", async (tx) => {
    const [role] = await tx
      .select({ version: roles.version })
      .from(roles)
      .where(eq(roles.id, roleId));
    const granted = await tx
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.organisationId, world.a.id)),
      );
    return { version: role!.version, permissions: granted.map((g) => g.permission).sort() };
  });
}

// ── The action door ──────────────────────────────────────────────────────────────────────

describe("the action door, called as Next calls a server action", () => {
  // The permission matrix's action without its revalidatePath (which needs Next's
  // incremental cache, absent from the request scope). Made in each test, not once here,
  // so that mutation testing sees the tests that cover organisationAction.
  const saveRolePermissionsAction = (previous: typeof idleState, data: FormData) =>
    organisationAction(saveRolePermissionsCommand)(previous, data);
  const ticked: Permission[] = ["people.employment.read", "settings.role.read"];

  it("a form as the browser posts it: the organisation from its field, ticked boxes as a list", async () => {
    const before = await roleState();
    const state = await asCaller(ownerJar, () =>
      saveRolePermissionsAction(
        idleState,
        form([
          // What Next adds to a form bound to a server action: never part of the input.
          ["$ACTION_REF_1", ""],
          ["$ACTION_1:0", '{"id":"abc","bound":"$@1"}'],
          ["organisationId", world.a.id],
          ["roleId", roleId],
          ["version", String(before.version)],
          ["permissions", ticked[1]!],
          ["permissions", ticked[0]!],
        ]),
      ),
    );
    expect(state).toEqual({
      status: "done",
      data: { version: before.version + 1, permissions: ticked },
    });
    expect(await roleState()).toEqual({ version: before.version + 1, permissions: ticked });
  });

  it("one ticked box is one value; the role then holds exactly it", async () => {
    const before = await roleState();
    const state = await asCaller(ownerJar, () =>
      saveRolePermissionsAction(
        idleState,
        form([
          ["organisationId", world.a.id],
          ["roleId", roleId],
          ["version", String(before.version)],
          ["permissions", "settings.role.read"],
        ]),
      ),
    );
    expect(state).toEqual({
      status: "done",
      data: { version: before.version + 1, permissions: ["settings.role.read"] },
    });
  });

  it("no organisation field, another organisation's id, or no session: notFound, nothing saved", async () => {
    const before = await roleState();
    const fields = (organisationId?: string): [string, string][] => [
      ...(organisationId === undefined
        ? []
        : [["organisationId", organisationId] as [string, string]]),
      ["roleId", roleId],
      ["version", String(before.version)],
      ["permissions", "settings.audit.read"],
    ];
    const attempts: { jar: CookieJar; data: FormData }[] = [
      { jar: ownerJar, data: form(fields()) },
      { jar: ownerJar, data: form(fields(world.b.id)) },
      { jar: await signInCookies(world.b.members.owner), data: form(fields(world.a.id)) },
      { jar: new Map(), data: form(fields(world.a.id)) },
    ];
    for (const { jar, data } of attempts) {
      expect(await asCaller(jar, () => saveRolePermissionsAction(idleState, data))).toEqual({
        status: "error",
        code: "notFound",
      });
    }
    expect(await roleState()).toEqual(before);
  });
});

describe("formToObject", () => {
  it("leaves out Next's $ACTION fields, keeps repeated names as a list and files as files", () => {
    const file = new File(["bytes"], "a.txt", { type: "text/plain" });
    const out = formToObject(
      form([
        ["$ACTION_ID_0123abcd", ""],
        ["$ACTION_REF_2", ""],
        ["$ACTION_2:0", "{}"],
        ["$ACTION_KEY", "k0"],
        ["note$ACTION", "kept"],
        ["name", "Ann"],
        ["tag", "b"],
        ["tag", "a"],
        ["upload", file],
      ]),
    );
    expect(Object.keys(out)).toEqual(["note$ACTION", "name", "tag", "upload"]);
    expect(out).toMatchObject({ note$ACTION: "kept", name: "Ann", tag: ["b", "a"] });
    expect(out.upload).toBeInstanceOf(File);
    expect((out.upload as File).name).toBe("a.txt");
  });
});

// ── The command door: what it answers and what it does after the commit ──────────────────

const renameSchema = z.object({ name: z.string().min(1) });

/** A command of the settings module that renames A and emails each of `to`, then may throw. */
function renameAndMail(
  name: string,
  to: readonly string[],
  fail = false,
): CommandConfig<typeof renameSchema, string> {
  return {
    permission: "settings.organisation.write",
    schema: renameSchema,
    async run({ tx, access, input, mail }) {
      await tx
        .update(organisations)
        .set({ name: input.name })
        .where(eq(organisations.id, access.organisation.id));
      for (const address of to) {
        await mail({
          to: address,
          template: "contactAcknowledgement",
          data: { name: "Ann", subject: name, message: "Hello." },
          locale: "en",
        });
      }
      if (fail) throw new Error("boom after the emails were queued");
      return input.name;
    },
  };
}

async function organisationName(): Promise<string | undefined> {
  const [row] = await runAsSystem(getDb(), "test: name", (tx) =>
    tx
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, world.a.id)),
  );
  return row?.name;
}

describe("the command door's answers", () => {
  it("without a usable organisation id the answer is notFound, before the input is even read", async () => {
    for (const organisationId of [null, undefined, 42, new File([], "x")]) {
      expect(
        await runCommand(
          world.a.members.owner.claims,
          organisationId,
          { name: "" },
          renameAndMail("x", []),
        ),
      ).toEqual({ status: "error", code: "notFound" });
    }
  });

  it("an unexpected failure answers a request id, and the log line names the same id", async () => {
    const result = await runCommand(
      world.a.members.owner.claims,
      world.a.id,
      { name: "Failing" },
      renameAndMail("Failing", [], true),
    );
    expect(result).toEqual({ status: "failed", requestId: expect.any(String) });
    if (result.status !== "failed") return;
    expect(logged).toHaveBeenCalledExactlyOnceWith(
      `backoffice: command failed (request ${result.requestId})`,
      expect.objectContaining({ message: "boom after the emails were queued" }),
    );
    expect(await organisationName()).not.toBe("Failing");
  });
});

describe("the command door's emails, sent after the commit over SMTP", () => {
  let smtp: SmtpCapture;

  function useSmtp(url: string | undefined): void {
    if (url === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = url;
    resetEnvForTests();
    resetMailAdapterForTests();
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    useSmtp(smtp.url);
  });
  afterAll(async () => {
    useSmtp(undefined);
    await smtp.stop();
  });

  const stamp = () => Math.random().toString(36).slice(2, 8);

  it("every email a command queued is sent once it has committed, and nothing is logged", async () => {
    const name = `Mailed ${stamp()}`;
    const to = [`first-${stamp()}@example.test`, `second-${stamp()}@example.test`];
    expect(
      await runCommand(world.a.members.owner.claims, world.a.id, { name }, renameAndMail(name, to)),
    ).toEqual({ status: "done", data: name });
    for (const address of to) {
      const mail = await smtp.waitFor((m) => m.to.includes(address));
      expect(mail.subject).toBe(`We received your message: ${name}`);
    }
    expect(await organisationName()).toBe(name);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a command that fails after queueing emails sends none", async () => {
    const address = `never-${stamp()}@example.test`;
    const name = `Never ${stamp()}`;
    const result = await runCommand(
      world.a.members.owner.claims,
      world.a.id,
      { name },
      renameAndMail(name, [address], true),
    );
    expect(result.status).toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.some((m) => m.to.includes(address))).toBe(false);
  });

  it("a delivery that fails is logged, not undone: the write stays and the next email still goes", async () => {
    const name = `Half mailed ${stamp()}`;
    const address = `after-${stamp()}@example.test`;
    // No recipient: the SMTP client refuses this message; the next one is fine.
    expect(
      await runCommand(
        world.a.members.owner.claims,
        world.a.id,
        { name },
        renameAndMail(name, ["", address]),
      ),
    ).toEqual({ status: "done", data: name });
    await smtp.waitFor((m) => m.to.includes(address));
    expect(await organisationName()).toBe(name);
    expect(logged).toHaveBeenCalledExactlyOnceWith(
      "backoffice: after-commit task failed",
      expect.any(Error),
    );
  });
});
