import "server-only";
import type { SmsAdapter, SmsMessage } from "./types";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A sender number (E.164) or a messaging service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a stand-in in tests. */
  baseUrl: string;
}

/** Twilio's error body (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
type TwilioError = { code?: number; message?: string };

/**
 * Sends through Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, Body and From (or MessagingServiceSid), HTTP basic auth sid:token.
 */
export class TwilioSmsAdapter implements SmsAdapter {
  readonly kind = "twilio";
  readonly transactional = false;

  constructor(private readonly settings: TwilioSettings) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const { accountSid, authToken, from, baseUrl } = this.settings;
    const url = new URL(
      `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      baseUrl,
    );
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (/^MG[0-9a-f]{32}$/i.test(from)) form.set("MessagingServiceSid", from);
    else form.set("From", from);
    const response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { sid?: string } & TwilioError;
    if (!response.ok || !body.sid) {
      throw new Error(
        `Twilio refused the message (${response.status}${body.code ? ` ${body.code}` : ""}): ${body.message ?? "no message"}`,
      );
    }
    return { id: body.sid };
  }
}
