import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "@/lib/contact/schema";
import { contactRateLimit, submitContactMessage } from "@/lib/contact/submit-contact";
import { closeDb } from "@/lib/db/client";
import { withSystemContext } from "@/lib/db/context";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import { mailOutbox } from "@/lib/mail/schema";
import { rateLimits } from "@/lib/rate-limit/schema";
import { decodeValidationMessage } from "@/lib/validation/messages";
import { startSmtpCapture, type SmtpCapture } from "@/tests/support/smtp-capture";

const valid = {
  name: "Ana López",
  email: "ana.contact@example.com",
  subject: "Partnership",
  message: "We run a bakery and would like to sell on Live Market.",
};

let address = 0;
/** A fresh client address per test, so rate-limit counters never leak between tests. */
function nextClient() {
  address += 1;
  return `198.51.100.${address}`;
}

function useSmtp(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnvForTests();
  resetMailAdapterForTests();
}

async function counts() {
  return withSystemContext("test", async (tx) => {
    const [messages] = await tx.select({ n: count() }).from(contactMessages);
    const [outbox] = await tx.select({ n: count() }).from(mailOutbox);
    const [limits] = await tx
      .select({ n: count() })
      .from(rateLimits)
      .where(like(rateLimits.key, "contact:%"));
    return { messages: messages?.n, outbox: outbox?.n, limits: limits?.n };
  });
}

afterAll(async () => {
  useSmtp(undefined);
  await closeDb();
});

describe("submitContactMessage with the outbox", () => {
  beforeEach(() => useSmtp(undefined));

  it("stores the message and the acknowledgement email together", async () => {
    const clientAddress = nextClient();
    const result = await submitContactMessage(valid, { locale: "en", clientAddress });
    expect(result).toMatchObject({ status: "sent", name: valid.name, email: valid.email });
    if (result.status !== "sent") return;
    const stored = await withSystemContext("test", (tx) =>
      tx.select().from(contactMessages).where(eq(contactMessages.id, result.id)),
    );
    expect(stored[0]).toMatchObject({ ...valid, locale: "en", clientAddress });
    const mails = await withSystemContext("test", (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, valid.email)),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("We received your message: Partnership");
    expect(mails[0]?.text).toContain(valid.message);
  });

  it("trims values and acknowledges in the sender's locale", async () => {
    const email = "eva.contact@example.com";
    const result = await submitContactMessage(
      { ...valid, name: "  Eva ", email: ` ${email} ` },
      { locale: "es", clientAddress: nextClient() },
    );
    expect(result).toMatchObject({ status: "sent", name: "Eva", email });
    const [mail] = await withSystemContext("test", (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    );
    expect(mail?.subject).toBe("Hemos recibido tu mensaje: Partnership");
  });

  it("returns one spec §5 error per invalid field and changes nothing", async () => {
    const before = await counts();
    const result = await submitContactMessage(
      { name: "", email: "not-an-email", subject: "x".repeat(151), message: "short" },
      { locale: "en", clientAddress: nextClient() },
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    const keys = Object.fromEntries(
      Object.entries(result.fieldErrors).map(([f, m]) => [f, decodeValidationMessage(m)]),
    );
    expect(keys).toEqual({
      name: { key: "required" },
      email: { key: "email" },
      subject: { key: "maxLength", values: { 0: 150 } },
      message: { key: "minLength", values: { 0: 10 } },
    });
    expect(await submitContactMessage({}, { locale: "en", clientAddress: null })).toMatchObject({
      status: "invalid",
    });
    expect(await counts()).toEqual(before);
  });

  it(`refuses the ${contactRateLimit.limit + 1}th message of an hour from one address`, async () => {
    const clientAddress = nextClient();
    for (let i = 0; i < contactRateLimit.limit; i++) {
      const ok = await submitContactMessage(valid, { locale: "en", clientAddress });
      expect(ok.status).toBe("sent");
    }
    const before = await counts();
    const refused = await submitContactMessage(valid, { locale: "en", clientAddress });
    expect(refused.status).toBe("rateLimited");
    if (refused.status === "rateLimited") {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(contactRateLimit.windowSeconds);
    }
    const after = await counts();
    expect(after.messages).toBe(before.messages);
    expect(after.outbox).toBe(before.outbox);
    const other = await submitContactMessage(valid, { locale: "en", clientAddress: nextClient() });
    expect(other.status).toBe("sent");
  });
});

describe("submitContactMessage over SMTP", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(() => useSmtp(smtp.url));

  it("stores the message, then sends the acknowledgement after the commit", async () => {
    const email = "smtp.contact@example.com";
    const before = await counts();
    const result = await submitContactMessage(
      { ...valid, email },
      { locale: "en", clientAddress: nextClient() },
    );
    expect(result.status).toBe("sent");
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("We received your message: Partnership");
    expect(mail.text).toContain(valid.message);
    const after = await counts();
    expect(after.messages).toBe((before.messages ?? 0) + 1);
    expect(after.outbox).toBe(before.outbox);
  });
});
