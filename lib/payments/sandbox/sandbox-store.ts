import "server-only";
import { eq, sql } from "drizzle-orm";
import { safeRedirectTarget } from "@/lib/auth/guard/redirect-target";
import { statement } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import { PaymentProviderError, type PaymentEventData, type PaymentEventType } from "../provider";
import { sandboxCustomers, sandboxPaymentMethods, sandboxPayments, sandboxSetups } from "../schema";
import { testCardByToken, type CardInput } from "../test-cards";
import {
  sandboxId,
  type PaymentMethodRow,
  type PaymentRow,
  type SetupRow,
} from "./sandbox-records";

/** The sandbox provider's row helpers and request checks (sandbox-provider.ts uses them). */

export type ChallengeOutcome = "approve" | "fail";

export type Emit = (type: PaymentEventType, data: PaymentEventData) => Promise<void>;

export function idempotencyConflict(): PaymentProviderError {
  return new PaymentProviderError(
    "idempotency_conflict",
    "this idempotency key was used with other parameters",
  );
}

export function checkAmount(amountMinor: number, currency: string): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new PaymentProviderError("invalid_request", "amount must be a positive integer");
  }
  if (!/^[a-z]{3}$/i.test(currency)) {
    throw new PaymentProviderError("invalid_request", "currency must be an ISO 4217 code");
  }
}

/** Only a path of this site: the challenge page never sends the buyer elsewhere. */
export function checkReturnUrl(returnUrl: string | undefined): string | null {
  if (returnUrl === undefined) return null;
  const safe = safeRedirectTarget(returnUrl);
  if (!safe)
    throw new PaymentProviderError("invalid_request", "returnUrl must be a same-site path");
  return safe;
}

export function withStatus(
  returnUrl: string | null,
  param: "payment_intent" | "setup_intent",
  id: string,
  outcome: ChallengeOutcome,
): string | null {
  const safe = safeRedirectTarget(returnUrl);
  if (!safe) return null;
  const url = new URL(safe, "http://sandbox.invalid");
  url.searchParams.set(param, id);
  url.searchParams.set("redirect_status", outcome === "approve" ? "succeeded" : "failed");
  return `${url.pathname}${url.search}${url.hash}`;
}

const paymentById = statement<{ id: string }, PaymentRow[]>("sandbox: payment", (db) =>
  db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, sql.placeholder("id"))),
);

const lockedPayment = statement<{ id: string }, PaymentRow[]>("sandbox: lock payment", (db) =>
  db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, sql.placeholder("id")))
    .for("update"),
);

export async function paymentRow(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await paymentById(tx, { id });
  return row;
}

export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow> {
  const [row] = await lockedPayment(tx, { id });
  if (!row) throw new PaymentProviderError("not_found", "no such payment");
  return row;
}

export async function lockSetup(tx: Tx, id: string): Promise<SetupRow> {
  const [row] = await tx.select().from(sandboxSetups).where(eq(sandboxSetups.id, id)).for("update");
  if (!row) throw new PaymentProviderError("not_found", "no such setup");
  return row;
}

export async function customerOrThrow(tx: Tx, id: string): Promise<void> {
  const [row] = await tx
    .select({ id: sandboxCustomers.id })
    .from(sandboxCustomers)
    .where(eq(sandboxCustomers.id, id));
  if (!row) throw new PaymentProviderError("not_found", "no such customer");
}

const methodById = statement<{ id: string }, PaymentMethodRow[]>("sandbox: method", (db) =>
  db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, sql.placeholder("id"))),
);

export async function methodRow(tx: Tx, id: string | null): Promise<PaymentMethodRow | null> {
  if (!id) return null;
  const [row] = await methodById(tx, { id });
  return row ?? null;
}

const insertMethodRow = statement<
  { id: string; brand: string; last4: string; expMonth: number; expYear: number; testCard: string },
  PaymentMethodRow[]
>("sandbox: insert method", (db) =>
  db
    .insert(sandboxPaymentMethods)
    .values({
      id: sql.placeholder("id"),
      brand: sql.placeholder("brand"),
      last4: sql.placeholder("last4"),
      expMonth: sql.placeholder("expMonth"),
      expYear: sql.placeholder("expYear"),
      testCard: sql.placeholder("testCard"),
    })
    .returning(),
);

export async function insertMethod(
  tx: Tx,
  testCard: string,
  last4: string,
  card: CardInput,
): Promise<PaymentMethodRow> {
  const known = testCardByToken(testCard);
  const [row] = await insertMethodRow(tx, {
    id: sandboxId("pm"),
    brand: known?.brand ?? "unknown",
    last4,
    expMonth: card.expMonth,
    expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
    testCard,
  });
  return row!;
}

export async function updatePayment(
  tx: Tx,
  id: string,
  values: Partial<typeof sandboxPayments.$inferInsert>,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(sandboxPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sandboxPayments.id, id))
    .returning();
  return row!;
}

export async function updateSetup(
  tx: Tx,
  id: string,
  values: Partial<typeof sandboxSetups.$inferInsert>,
): Promise<SetupRow> {
  const [row] = await tx
    .update(sandboxSetups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sandboxSetups.id, id))
    .returning();
  return row!;
}
