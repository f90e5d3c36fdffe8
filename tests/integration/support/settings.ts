import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem } from "@/lib/db/run-context";
import { organisationContactEmails, organisationFaqs } from "@/lib/organisations/schema";
import { scheduleExceptions, schedules } from "@/lib/schedules/schema";

/** Seed factories and readers for the organisation-settings suites. */
export const week = { "1": [], "2": [], "3": [], "4": [], "5": [], "6": [], "7": [] };

export function scheduleInput(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    timeZone: "Europe/Madrid",
    weekly: {
      ...week,
      "1": [
        { start: "09:00", end: "13:00" },
        { start: "15:00", end: "19:00" },
      ],
    },
    exceptions: [{ date: "2026-12-25", closed: true, intervals: [], note: "Christmas" }],
    ...extra,
  };
}

export async function seedFaq(organisationId: string, question: string, position: number) {
  const [row] = await runAsSystem(getDb(), "test: faq", (tx) =>
    tx
      .insert(organisationFaqs)
      .values({ organisationId, question, answer: `${question} answer`, position })
      .returning({ id: organisationFaqs.id }),
  );
  return row!.id;
}

export async function seedContactEmail(
  organisationId: string,
  email: string,
  options: { verified?: boolean; primary?: boolean } = {},
) {
  const [row] = await runAsSystem(getDb(), "test: contact email", (tx) =>
    tx
      .insert(organisationContactEmails)
      .values({
        organisationId,
        email,
        isPrimary: options.primary ?? false,
        verifiedAt: options.verified ? new Date() : null,
      })
      .returning({ id: organisationContactEmails.id }),
  );
  return row!.id;
}

export async function seedSchedule(organisationId: string, name: string) {
  return runAsSystem(getDb(), "test: schedule", async (tx) => {
    const [row] = await tx
      .insert(schedules)
      .values({
        organisationId,
        name,
        timeZone: "UTC",
        weekly: { "1": [{ start: "08:00", end: "12:00" }] },
      })
      .returning({ id: schedules.id, version: schedules.version });
    await tx
      .insert(scheduleExceptions)
      .values({ scheduleId: row!.id, organisationId, date: "2026-01-01", closed: true, note: "B" });
    return row!;
  });
}

export async function readRow<T>(
  table: "faq" | "contact" | "schedule",
  id: string,
): Promise<T | undefined> {
  return runAsSystem(getDb(), "test: read", async (tx) => {
    if (table === "faq") {
      return (await tx.select().from(organisationFaqs).where(eq(organisationFaqs.id, id)))[0] as T;
    }
    if (table === "contact") {
      return (
        await tx
          .select()
          .from(organisationContactEmails)
          .where(eq(organisationContactEmails.id, id))
      )[0] as T;
    }
    return (await tx.select().from(schedules).where(eq(schedules.id, id)))[0] as T;
  });
}

export async function auditActionsFor(
  organisationId: string,
  resourceId: string,
): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    getDb(),
    sql`select action from audit_entries where organisation_id = ${organisationId}
        and resource_id = ${resourceId} order by created_at, id`,
  );
  return rows.map((r) => r.action);
}

/** The "before" of the newest audit entry of `action` on a resource. */
export async function auditBefore(
  organisationId: string,
  resourceId: string,
  action: string,
): Promise<unknown> {
  const [row] = await queryRows<{ before: unknown }>(
    getDb(),
    sql`select before from audit_entries where organisation_id = ${organisationId}
        and resource_id = ${resourceId} and action = ${action} order by id desc limit 1`,
  );
  return row?.before;
}

/** The verification token of the newest contact-verification email to an address. */
export async function contactTokenSentTo(email: string): Promise<string> {
  const [row] = await queryRows<{ html: string }>(
    getDb(),
    sql`select html from mail_outbox where to_address = ${email} and template = 'organisationContactVerify'
        order by created_at desc, id desc limit 1`,
  );
  const token = /contact\/email\/verify\?token=([A-Za-z0-9_-]+)/.exec(row?.html ?? "")?.[1];
  if (!token) throw new Error(`No verification email to ${email}`);
  return token;
}
