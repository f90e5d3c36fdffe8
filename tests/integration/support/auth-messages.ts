import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";

/** Reading what the auth service sent: the newest email or SMS to an address. */
export interface SentMail {
  subject: string;
  html: string;
  text: string;
  template: string | null;
  locale: string | null;
  /** The GET /verify link of the email, if any. */
  link: string | null;
  code: string | null;
}

export async function mailsTo(email: string): Promise<SentMail[]> {
  const rows = await queryRows<{
    subject: string;
    html: string;
    text: string;
    template: string | null;
    locale: string | null;
  }>(
    getDb(),
    sql`select subject, html, text, template, locale from mail_outbox
        where to_address = ${email} order by created_at desc, id desc`,
  );
  return rows.map((row) => {
    const href = /href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(row.html)?.[1];
    return {
      ...row,
      link: href ? href.replace(/&amp;/g, "&") : null,
      code: /letter-spacing:6px[^>]*>(\d{6})</.exec(row.html)?.[1] ?? null,
    };
  });
}

export async function lastMail(email: string): Promise<SentMail> {
  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`No email to ${email}`);
  return mail;
}

export async function smsTo(phone: string): Promise<{ body: string; code: string | null }[]> {
  const rows = await queryRows<{ body: string }>(
    getDb(),
    sql`select body from sms_outbox where to_number = ${`+${phone.replace(/^\+/, "")}`}
        order by created_at desc, id desc`,
  );
  return rows.map((row) => ({ body: row.body, code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null }));
}

/** Forgets the one-per-minute sending limit of an address (tests send more often). */
export async function clearSendLimit(address: string): Promise<void> {
  await getDb().execute(sql`delete from rate_limits where key = ${`auth:send-to:${address}`}`);
}

export const randomPhone = () =>
  `1555${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, "0")}`;
