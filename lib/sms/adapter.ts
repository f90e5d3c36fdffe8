import "server-only";
import { env } from "@/lib/env";
import { OutboxSmsAdapter } from "./outbox-adapter";
import { TwilioSmsAdapter } from "./twilio-adapter";
import type { SmsAdapter } from "./types";

let adapter: SmsAdapter | undefined;

/** The configured adapter: Twilio when SMS_PROVIDER=twilio, else the dev outbox. */
export function getSmsAdapter(): SmsAdapter {
  if (!adapter) {
    const settings = env();
    if (settings.SMS_PROVIDER === "twilio") {
      const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = settings;
      if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) {
        throw new Error(
          "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.",
        );
      }
      adapter = new TwilioSmsAdapter({
        accountSid: TWILIO_ACCOUNT_SID,
        authToken: TWILIO_AUTH_TOKEN,
        from: TWILIO_FROM,
        baseUrl: settings.TWILIO_API_BASE_URL,
      });
    } else {
      adapter = new OutboxSmsAdapter();
    }
  }
  return adapter;
}

/** Only for tests: forget the adapter so changed settings are read again. */
export function resetSmsAdapterForTests(): void {
  adapter = undefined;
}
