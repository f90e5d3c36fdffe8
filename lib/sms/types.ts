import type { Tx } from "@/lib/db/types";

/** One text message: the recipient in E.164 (with "+") and the text. */
export type SmsMessage = { to: string; body: string };

/** The port every SMS provider implements. `tx` lets a transactional adapter join it. */
export interface SmsAdapter {
  readonly kind: "outbox" | "twilio";
  /** True when `send` can take part in the caller's transaction (the dev outbox). */
  readonly transactional: boolean;
  send(message: SmsMessage, options?: { tx?: Tx }): Promise<{ id: string }>;
}
