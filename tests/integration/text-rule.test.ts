import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { submitContactMessage } from "@/lib/contact/submit-contact";
import { closeDb, getDb } from "@/lib/db/client";
import { createFaqCommand } from "@/lib/organisations/faqs";
import { createRoleCommand } from "@/lib/organisations/roles";
import { createScheduleCommand } from "@/lib/schedules/schedules";
import { encodeValidationMessage } from "@/lib/validation/messages";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { scheduleInput } from "./support/settings";

/**
 * Issue 2.7: a NUL character (PostgreSQL refuses it in text) in a form's text field is the
 * field error "Invalid format" from the shared text rule, where it used to reach the
 * database and come back as "failed". Real commands against the real database.
 */
const FORMAT = encodeValidationMessage("format");
let world: OrganisationWorld;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
});

afterAll(async () => {
  await closeDb();
});

describe("a control character in a text field", () => {
  it("is 'Invalid format' on the contact form, nothing stored", async () => {
    const result = await submitContactMessage(
      {
        name: "Ana\u0000López",
        email: "ana.nul@example.com",
        subject: "Hello",
        message: "Line one\nline two, with a NUL: \u0000",
      },
      { locale: "en", clientAddress: "198.51.100.200" },
    );
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: { name: FORMAT, message: FORMAT },
    });
  });

  it("is 'Invalid format' in the back office (FAQ, role, schedule)", async () => {
    const owner = world.a.members.owner.claims;
    expect(
      await runCommand(owner, world.a.id, { question: "Q\u0000?", answer: "A." }, createFaqCommand),
    ).toEqual({ status: "invalid", fieldErrors: { question: [FORMAT] } });
    expect(
      await runCommand(
        owner,
        world.a.id,
        { name: "Role\u0000", description: "Multi\nline\u0000" },
        createRoleCommand,
      ),
    ).toEqual({ status: "invalid", fieldErrors: { name: [FORMAT], description: [FORMAT] } });
    expect(
      await runCommand(owner, world.a.id, scheduleInput("Hours\u0000"), createScheduleCommand),
    ).toEqual({ status: "invalid", fieldErrors: { name: [FORMAT] } });
  });

  it("leaves line breaks to multi-line fields", async () => {
    const owner = world.a.members.owner.claims;
    expect(
      await runCommand(
        owner,
        world.a.id,
        { question: "Two\nlines?", answer: "Fine\nhere." },
        createFaqCommand,
      ),
    ).toEqual({ status: "invalid", fieldErrors: { question: [FORMAT] } });
    const created = await runCommand(
      owner,
      world.a.id,
      { question: "One line?", answer: "Fine\r\nhere,\tas typed." },
      createFaqCommand,
    );
    expect(created.status).toBe("done");
  });
});
