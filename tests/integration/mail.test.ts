import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { withAnonContext, withSystemContext, withUserContext } from "@/lib/db/context";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests, getMailAdapter } from "@/lib/mail/adapter";
import { getOutboxMessage, listOutbox } from "@/lib/mail/outbox";
import { mailOutbox } from "@/lib/mail/schema";
import { enqueueMail, sendMail } from "@/lib/mail/send";
import { startSmtpCapture, type SmtpCapture } from "@/tests/support/smtp-capture";

const data = { name: "Ana", subject: "Opening hours", message: "When do you open?\nThanks <3" };

function useSettings(settings: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  resetMailAdapterForTests();
}

async function outboxCount(to?: string): Promise<number> {
  return withSystemContext("test", async (tx) => {
    const query = tx.select({ n: count() }).from(mailOutbox);
    const [row] = await (to ? query.where(eq(mailOutbox.toAddress, to)) : query);
    return Number(row?.n ?? 0);
  });
}

afterAll(async () => {
  useSettings({ SMTP_URL: undefined });
  await closeDb();
});

describe("SMTP adapter", () => {
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(() =>
    useSettings({ SMTP_URL: smtp.url, MAIL_FROM: "Live Market <hello@test.local>" }),
  );

  it("is chosen when SMTP_URL is set and delivers to a real SMTP server", async () => {
    expect(getMailAdapter().kind).toBe("smtp");
    const before = await outboxCount();
    await sendMail({
      to: "ana@example.com",
      template: "contactAcknowledgement",
      data,
      locale: "en",
    });
    const mail = await smtp.waitFor((m) => m.to.includes("ana@example.com"));
    expect(mail.from).toBe("hello@test.local");
    expect(mail.subject).toBe("We received your message: Opening hours");
    expect(mail.text).toContain("Hello Ana,");
    expect(mail.text).toContain("When do you open?\nThanks <3");
    expect(mail.html).toContain("Thanks &lt;3");
    expect(await outboxCount()).toBe(before);
  });

  it("renders the template in the recipient's locale", async () => {
    await sendMail({
      to: "eva@example.com",
      template: "contactAcknowledgement",
      data,
      locale: "es",
    });
    const mail = await smtp.waitFor((m) => m.to.includes("eva@example.com"));
    expect(mail.subject).toBe("Hemos recibido tu mensaje: Opening hours");
    expect(mail.text).toContain("Hola, Ana:");
  });

  it("sends a transactional email only when deliver() runs after the commit", async () => {
    const pending = await withSystemContext("test", (tx) =>
      enqueueMail(tx, {
        to: "later@example.com",
        template: "contactAcknowledgement",
        data,
        locale: "en",
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.some((m) => m.to.includes("later@example.com"))).toBe(false);
    await pending.deliver();
    await smtp.waitFor((m) => m.to.includes("later@example.com"));
  });
});

describe("outbox adapter", () => {
  beforeEach(() => useSettings({ SMTP_URL: undefined }));

  it("is chosen without SMTP_URL and stores the rendered email", async () => {
    expect(getMailAdapter().kind).toBe("outbox");
    const { id } = await sendMail({
      to: "outbox@example.com",
      template: "contactAcknowledgement",
      data,
      locale: "en",
    });
    const stored = await getOutboxMessage(id);
    expect(stored?.to).toBe("outbox@example.com");
    expect(stored?.subject).toBe("We received your message: Opening hours");
    expect(stored?.template).toBe("contactAcknowledgement");
    expect(stored?.locale).toBe("en");
    expect(stored?.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(stored?.text).toContain("Hello Ana,");
  });

  it("writes inside the caller's transaction and rolls back with it", async () => {
    const to = "rollback@example.com";
    await expect(
      withSystemContext("test", async (tx) => {
        await enqueueMail(tx, { to, template: "contactAcknowledgement", data, locale: "en" });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await outboxCount(to)).toBe(0);
    await withSystemContext("test", (tx) =>
      enqueueMail(tx, { to, template: "contactAcknowledgement", data, locale: "en" }),
    );
    expect(await outboxCount(to)).toBe(1);
  });

  it("lists newest first, paginated", async () => {
    for (const n of [1, 2, 3]) {
      await sendMail({
        to: `page${n}@example.com`,
        template: "contactAcknowledgement",
        data,
        locale: "en",
      });
    }
    const total = await outboxCount();
    const first = await listOutbox(1, 2);
    expect(first.total).toBe(total);
    expect(first.pages).toBe(Math.ceil(total / 2));
    expect(first.items.map((m) => m.to)).toEqual(["page3@example.com", "page2@example.com"]);
    const second = await listOutbox(2, 2);
    expect(second.items[0]?.to).toBe("page1@example.com");
    expect((await listOutbox(999, 2)).page).toBe(first.pages);
    expect(await getOutboxMessage("not-a-uuid")).toBeNull();
  });

  it("is invisible to visitors and users (RLS on, no policies)", async () => {
    expect(await outboxCount()).toBeGreaterThan(0);
    const read = (run: () => Promise<unknown[]>) => run().catch(() => []);
    expect(
      await read(() =>
        withAnonContext((tx) => tx.execute(sql`select id from mail_outbox`).then(rows)),
      ),
    ).toEqual([]);
    expect(
      await read(() =>
        withUserContext({ sub: "00000000-0000-4000-8000-000000000001" }, (tx) =>
          tx.execute(sql`select id from mail_outbox`).then(rows),
        ),
      ),
    ).toEqual([]);
  });
});

function rows(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}
