import "server-only";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { runAsSystem } from "@/lib/db/run-context";
import { statement } from "@/lib/db/statement";
import { isUniqueViolation } from "@/lib/errors/app-error";
import type { Db, Tx } from "@/lib/db/types";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type ChargeSavedMethodInput,
  type ConnectAccount,
  type CreateAccountLinkInput,
  type CreateConnectAccountInput,
  type CreateTransferInput,
  type CreateCustomerInput,
  type CreatePaymentInput,
  type CreateRefundInput,
  type CreateSetupInput,
  type Customer,
  type Payment,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentPublicConfig,
  type Refund,
  type SavedPaymentMethod,
  type Setup,
} from "../provider";
import {
  sandboxCustomers,
  sandboxEvents,
  sandboxPaymentMethods,
  sandboxPayments,
  sandboxRefunds,
  sandboxSetups,
} from "../schema";
import { signWebhookPayload, verifyWebhookSignature } from "../signature";
import { checkTestCard, failureCodeOf, testCardByToken, type CardInput } from "../test-cards";
import {
  clientSecretFor,
  parseSandboxEvent,
  requestHash,
  sandboxEventBody,
  sandboxId,
  toCustomer,
  toPayment,
  toPaymentMethod,
  toRefund,
  toSetup,
  type PaymentRow,
  type SetupRow,
} from "./sandbox-records";
import {
  checkAmount,
  checkReturnUrl,
  customerOrThrow,
  idempotencyConflict,
  insertMethod,
  lockPayment,
  lockSetup,
  methodRow,
  paymentRow,
  updatePayment,
  updateSetup,
  withStatus,
  type ChallengeOutcome,
  type Emit,
} from "./sandbox-store";

export type { ChallengeOutcome } from "./sandbox-store";

export interface SandboxOptions {
  /** The database the sandbox keeps its state in (system contexts only). */
  db: () => Db;
  /** The secret its events are signed with (docs/payments.md, "Sandbox events"). */
  webhookSecret: () => Promise<string>;
  /**
   * Hands one signed event to the webhook endpoint; true when it was accepted. An endpoint in
   * this process runs `inTransaction` in the webhook's own transaction (receivePaymentWebhook):
   * the event is marked delivered with its effect, in one commit.
   */
  deliver: (
    rawBody: string,
    signature: string,
    inTransaction: (tx: Tx) => Promise<void>,
  ) => Promise<boolean>;
  /**
   * How often (ms) a change also retries the events left pending for over STALE_SECONDS:
   * at most once per interval per instance (default STALE_SECONDS; 0: after every change).
   */
  staleSweepMs?: number;
}

/** Pending this long, an event is no longer in another change's delivery: anyone retries it. */
const STALE_SECONDS = 30;

interface WrittenEvent {
  id: string;
  payload: string;
}

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation"];

/** The hot path's statements (every checkout runs them), built once (lib/db/statement.ts). */
const succeeded = statement<
  { id: string; paymentMethodId: string; updatedAt: string },
  PaymentRow[]
>("sandbox: succeeded", (db) =>
  db
    .update(sandboxPayments)
    .set({
      status: "succeeded",
      // (update's set takes no placeholder in its types; in SQL it does)
      paymentMethodId: sql`${sql.placeholder("paymentMethodId")}`,
      failureCode: null,
      updatedAt: sql`${sql.placeholder("updatedAt")}::timestamptz`,
    })
    .where(eq(sandboxPayments.id, sql.placeholder("id")))
    .returning(),
);

const insertEvent = statement<
  { id: string; type: string; payload: string; createdAt: Date },
  unknown
>("sandbox: event", (db) =>
  db.insert(sandboxEvents).values({
    id: sql.placeholder("id"),
    type: sql.placeholder("type"),
    payload: sql.placeholder("payload"),
    createdAt: sql.placeholder("createdAt"),
  }),
);

const markDelivered = statement<{ id: string; at: string }, unknown>("sandbox: delivered", (db) =>
  db
    .update(sandboxEvents)
    .set({
      attempts: sql`${sandboxEvents.attempts} + 1`,
      deliveredAt: sql`${sql.placeholder("at")}::timestamptz`,
    })
    .where(eq(sandboxEvents.id, sql.placeholder("id"))),
);

/**
 * The embedded provider (docs/payments.md): Stripe's objects and test-card semantics kept in
 * this database, no keys, no network. Each state change writes its event to sandbox_events in
 * the same transaction; after the commit the pending events are signed with the sandbox
 * secret and handed to the webhook endpoint, exactly as Stripe's would be.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox" as const;

  constructor(private readonly options: SandboxOptions) {}

  publicConfig(): PaymentPublicConfig {
    return { provider: "sandbox", publishableKey: null };
  }

  async createPayment(input: CreatePaymentInput): Promise<Payment> {
    checkAmount(input.amountMinor, input.currency);
    const returnUrl = checkReturnUrl(input.returnUrl);
    const hash = requestHash({ ...input, idempotencyKey: undefined, kind: "payment" });
    return this.create(async (tx, emit) => {
      const existing = await this.existingPayment(tx, input.idempotencyKey, hash);
      if (existing) return toPayment(existing);
      if (input.customerId) await customerOrThrow(tx, input.customerId);
      const id = sandboxId("pi");
      const [row] = await tx
        .insert(sandboxPayments)
        .values({
          id,
          status: "requires_payment_method",
          amountMinor: input.amountMinor,
          currency: input.currency.toLowerCase(),
          metadata: input.metadata ?? {},
          clientSecret: clientSecretFor(id),
          returnUrl,
          customerId: input.customerId ?? null,
          saveForLater: input.saveForLater ?? false,
          description: input.description ?? null,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        })
        .returning();
      const payment = toPayment(row!);
      await emit("payment.created", { kind: "payment", payment });
      return payment;
    });
  }

  async getPayment(paymentId: string): Promise<Payment | null> {
    return this.read(async (tx) => {
      const row = await paymentRow(tx, paymentId);
      return row ? toPayment(row, await methodRow(tx, row.paymentMethodId)) : null;
    });
  }

  async cancelPayment(paymentId: string): Promise<Payment> {
    return this.change(async (tx, emit) => {
      const row = await lockPayment(tx, paymentId);
      if (row.status === "canceled") return toPayment(row);
      if (row.status === "succeeded" || row.status === "processing") {
        throw new PaymentProviderError("invalid_state", `payment is ${row.status}`);
      }
      const payment = toPayment(await updatePayment(tx, row.id, { status: "canceled" }));
      await emit("payment.canceled", { kind: "payment", payment });
      return payment;
    });
  }

  /**
   * The buyer's card form, confirmed on the server (the checkout calls it through a server
   * action): a test card decides the outcome (lib/payments/test-cards.ts). A failed attempt
   * leaves the payment in `requires_payment_method` with its failure code, to be tried again.
   */
  async confirmPayment(paymentId: string, card: CardInput): Promise<Payment> {
    return this.change(async (tx, emit) => {
      const row = await lockPayment(tx, paymentId);
      if (!CONFIRMABLE.includes(row.status)) {
        throw new PaymentProviderError("invalid_state", `payment is ${row.status}`);
      }
      const checked = checkTestCard(card);
      if (!checked.ok) return this.failPayment(tx, emit, row, checked.failureCode);
      const method = await insertMethod(tx, checked.card.token, checked.last4, card);
      const failure = failureCodeOf(checked.card.outcome);
      if (failure) {
        await updatePayment(tx, row.id, { paymentMethodId: method.id });
        return this.failPayment(tx, emit, row, failure);
      }
      if (checked.card.outcome === "requires_authentication") {
        const payment = toPayment(
          await updatePayment(tx, row.id, {
            status: "requires_action",
            paymentMethodId: method.id,
            failureCode: null,
          }),
        );
        await emit("payment.requires_action", { kind: "payment", payment });
        return payment;
      }
      return this.succeedPayment(tx, emit, row, method.id);
    });
  }

  /**
   * The sandbox challenge page's answer for a payment or setup in `requires_action`. Returns
   * the object's new state and where the buyer goes next: the same-site return path given at
   * creation, with Stripe's `redirect_status` (and the intent's id), else null.
   */
  async completeChallenge(
    intentId: string,
    outcome: ChallengeOutcome,
  ): Promise<{ returnUrl: string | null; status: string }> {
    return this.change(async (tx, emit) => {
      if (intentId.startsWith("seti_")) {
        const row = await lockSetup(tx, intentId);
        if (row.status !== "requires_action") {
          throw new PaymentProviderError("invalid_state", `setup is ${row.status}`);
        }
        const setup =
          outcome === "approve"
            ? await this.succeedSetup(tx, emit, row, row.paymentMethodId!)
            : await this.failSetup(tx, emit, row, "setup_intent_authentication_failure");
        return {
          status: setup.status,
          returnUrl: withStatus(row.returnUrl, "setup_intent", row.id, outcome),
        };
      }
      const row = await lockPayment(tx, intentId);
      if (row.status !== "requires_action") {
        throw new PaymentProviderError("invalid_state", `payment is ${row.status}`);
      }
      const payment =
        outcome === "approve"
          ? await this.succeedPayment(tx, emit, row, row.paymentMethodId!)
          : await this.failPayment(tx, emit, row, "payment_intent_authentication_failure");
      return {
        status: payment.status,
        returnUrl: withStatus(row.returnUrl, "payment_intent", row.id, outcome),
      };
    });
  }

  async chargeSavedMethod(input: ChargeSavedMethodInput): Promise<Payment> {
    checkAmount(input.amountMinor, input.currency);
    const hash = requestHash({ ...input, idempotencyKey: undefined, kind: "charge" });
    return this.create(async (tx, emit) => {
      const existing = await this.existingPayment(tx, input.idempotencyKey, hash);
      if (existing) return toPayment(existing);
      const [method] = await tx
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
      if (!method || method.customerId !== input.customerId) {
        throw new PaymentProviderError("not_found", "no such payment method for this customer");
      }
      const id = sandboxId("pi");
      const [row] = await tx
        .insert(sandboxPayments)
        .values({
          id,
          status: "requires_confirmation",
          amountMinor: input.amountMinor,
          currency: input.currency.toLowerCase(),
          metadata: input.metadata ?? {},
          clientSecret: clientSecretFor(id),
          customerId: input.customerId,
          paymentMethodId: method.id,
          description: input.description ?? null,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        })
        .returning();
      await emit("payment.created", { kind: "payment", payment: toPayment(row!) });
      const card = testCardByToken(method.testCard);
      const failure = card
        ? card.offSessionNeedsAuthentication
          ? "authentication_required"
          : failureCodeOf(card.outcome)
        : "card_declined";
      if (failure) return this.failPayment(tx, emit, row!, failure);
      return this.succeedPayment(tx, emit, row!, method.id);
    });
  }

  /** Succeeds at once; refused when it would take more than is left of the payment. */
  async createRefund(input: CreateRefundInput): Promise<Refund> {
    const hash = requestHash({ ...input, idempotencyKey: undefined, kind: "refund" });
    return this.change(async (tx, emit) => {
      // The payment's row lock orders refunds of one payment: two at once cannot both fit.
      const payment = await lockPayment(tx, input.paymentId);
      const [existing] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
      if (existing) {
        if (existing.requestHash !== hash) throw idempotencyConflict();
        return toRefund(existing);
      }
      if (payment.status !== "succeeded") {
        throw new PaymentProviderError("invalid_state", `payment is ${payment.status}`);
      }
      const left = payment.amountMinor - payment.amountRefundedMinor;
      const amount = input.amountMinor ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new PaymentProviderError(
          "refund_exceeds_payment",
          `refund of ${amount} exceeds the ${left} left of the payment`,
        );
      }
      const [row] = await tx
        .insert(sandboxRefunds)
        .values({
          id: sandboxId("re"),
          paymentId: payment.id,
          amountMinor: amount,
          currency: payment.currency,
          status: "succeeded",
          reason: input.reason ?? null,
          metadata: input.metadata ?? {},
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        })
        .returning();
      await updatePayment(tx, payment.id, {
        amountRefundedMinor: payment.amountRefundedMinor + amount,
      });
      const refund = toRefund(row!);
      await emit("refund.succeeded", { kind: "refund", refund });
      return refund;
    });
  }

  async getRefund(refundId: string): Promise<Refund | null> {
    const [row] = await this.read((tx) =>
      tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refundId)),
    );
    return row ? toRefund(row) : null;
  }

  async createCustomer(input: CreateCustomerInput): Promise<Customer> {
    const hash = requestHash({ ...input, idempotencyKey: undefined, kind: "customer" });
    return this.create(async (tx) => {
      const [existing] = await tx
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.idempotencyKey, input.idempotencyKey));
      if (existing) {
        if (existing.requestHash !== hash) throw idempotencyConflict();
        return toCustomer(existing);
      }
      const [row] = await tx
        .insert(sandboxCustomers)
        .values({
          id: sandboxId("cus"),
          email: input.email ?? null,
          name: input.name ?? null,
          metadata: input.metadata ?? {},
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        })
        .returning();
      return toCustomer(row!);
    });
  }

  async createSetup(input: CreateSetupInput): Promise<Setup> {
    const returnUrl = checkReturnUrl(input.returnUrl);
    const hash = requestHash({ ...input, idempotencyKey: undefined, kind: "setup" });
    return this.create(async (tx, emit) => {
      const [existing] = await tx
        .select()
        .from(sandboxSetups)
        .where(eq(sandboxSetups.idempotencyKey, input.idempotencyKey));
      if (existing) {
        if (existing.requestHash !== hash) throw idempotencyConflict();
        return toSetup(existing, await methodRow(tx, existing.paymentMethodId));
      }
      await customerOrThrow(tx, input.customerId);
      const id = sandboxId("seti");
      const [row] = await tx
        .insert(sandboxSetups)
        .values({
          id,
          customerId: input.customerId,
          status: "requires_payment_method",
          clientSecret: clientSecretFor(id),
          returnUrl,
          metadata: input.metadata ?? {},
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        })
        .returning();
      const setup = toSetup(row!, null);
      await emit("setup.created", { kind: "setup", setup });
      return setup;
    });
  }

  /** Saves a test card (the sandbox's card form for a setup). A card that declines fails. */
  async confirmSetup(setupId: string, card: CardInput): Promise<Setup> {
    return this.change(async (tx, emit) => {
      const row = await lockSetup(tx, setupId);
      if (!CONFIRMABLE.includes(row.status)) {
        throw new PaymentProviderError("invalid_state", `setup is ${row.status}`);
      }
      const checked = checkTestCard(card);
      if (!checked.ok) return this.failSetup(tx, emit, row, checked.failureCode);
      const outcome = checked.card.outcome;
      if (outcome === "declined" || outcome === "expired_card") {
        return this.failSetup(tx, emit, row, failureCodeOf(outcome)!);
      }
      const method = await insertMethod(tx, checked.card.token, checked.last4, card);
      if (outcome === "requires_authentication") {
        const updated = await updateSetup(tx, row.id, {
          status: "requires_action",
          paymentMethodId: method.id,
          failureCode: null,
        });
        const setup = toSetup(updated, method);
        await emit("setup.requires_action", { kind: "setup", setup });
        return setup;
      }
      return this.succeedSetup(tx, emit, row, method.id);
    });
  }

  async getSetup(setupId: string): Promise<Setup | null> {
    return this.read(async (tx) => {
      const [row] = await tx.select().from(sandboxSetups).where(eq(sandboxSetups.id, setupId));
      return row ? toSetup(row, await methodRow(tx, row.paymentMethodId)) : null;
    });
  }

  async listPaymentMethods(customerId: string): Promise<SavedPaymentMethod[]> {
    const rows = await this.read((tx) =>
      tx
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.customerId, customerId))
        .orderBy(asc(sandboxPaymentMethods.createdAt), asc(sandboxPaymentMethods.id)),
    );
    return rows.map(toPaymentMethod);
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.change(async (tx) => {
      const detached = await tx
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.id, paymentMethodId))
        .returning({ id: sandboxPaymentMethods.id });
      if (detached.length === 0) throw new PaymentProviderError("not_found");
    });
  }

  /**
   * Payouts in the sandbox need no account (docs/income.md: the sandbox pays out by itself):
   * an account is ready at once, its link goes straight back, a transfer is a new id.
   */
  async createConnectAccount(input: CreateConnectAccountInput): Promise<ConnectAccount> {
    return {
      id: `acct_sandbox_${input.idempotencyKey}`,
      detailsSubmitted: true,
      payoutsEnabled: true,
      chargesEnabled: true,
      disabledReason: null,
    };
  }

  async getConnectAccount(accountId: string): Promise<ConnectAccount | null> {
    return accountId.startsWith("acct_sandbox_")
      ? {
          id: accountId,
          detailsSubmitted: true,
          payoutsEnabled: true,
          chargesEnabled: true,
          disabledReason: null,
        }
      : null;
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<{ url: string }> {
    return { url: input.returnUrl };
  }

  async createTransfer(input: CreateTransferInput): Promise<{ id: string }> {
    return { id: `tr_sandbox_${input.idempotencyKey}` };
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    verifyWebhookSignature(rawBody, signatureHeader, await this.options.webhookSecret());
    try {
      return parseSandboxEvent(rawBody);
    } catch {
      throw new WebhookSignatureError("signed, but not a sandbox event");
    }
  }

  /**
   * Hands every undelivered event to the webhook endpoint, oldest first; one not accepted
   * stays pending (it is tried again next time) and the others still go. Called at the start
   * and to retry; returns how many were delivered. With `staleOnly`, only the events pending
   * for longer than STALE_SECONDS (a failed delivery, a stop): the fresh ones belong to the
   * changes that wrote them, which deliver them themselves (docs/bench.md "Checkout": when
   * every change delivered every pending event, each was delivered 6 times at 8 clients).
   */
  async deliverPendingEvents(limit = 100, options: { staleOnly?: boolean } = {}): Promise<number> {
    const db = this.options.db();
    const pending = await runAsSystem(db, "payments.sandbox.events", (tx) =>
      tx
        .select({ id: sandboxEvents.id, payload: sandboxEvents.payload })
        .from(sandboxEvents)
        .where(
          and(
            isNull(sandboxEvents.deliveredAt),
            options.staleOnly
              ? lt(sandboxEvents.createdAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`)
              : undefined,
          ),
        )
        .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
        .limit(limit),
    );
    return this.deliverEvents(pending);
  }

  // --- internals -------------------------------------------------------------------------

  /** Delivers events in order; each one's failure is logged and leaves it pending. */
  private async deliverEvents(events: WrittenEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const secret = await this.options.webhookSecret();
    let delivered = 0;
    for (const event of events) {
      // The next one goes all the same: events are independent (Stripe does not order its
      // deliveries either), and one whose handler keeps failing must not hold back the rest.
      if (await this.deliverOne(event, secret)) delivered += 1;
    }
    return delivered;
  }

  /**
   * One event to the endpoint. Its delivered mark goes into the webhook's transaction when
   * the endpoint runs it there; otherwise (an endpoint that does not, or a failure: the
   * attempt is counted) in a transaction of its own.
   */
  private async deliverOne(event: WrittenEvent, secret: string): Promise<boolean> {
    let marked = false;
    const mark = async (tx: Tx) => {
      await markDelivered(tx, { id: event.id, at: new Date().toISOString() });
      marked = true;
    };
    let accepted = false;
    try {
      accepted = await this.options.deliver(
        event.payload,
        signWebhookPayload(event.payload, secret),
        mark,
      );
    } catch (error) {
      marked = false; // the webhook's transaction rolled back, its mark with it
      console.error("payments: sandbox event not delivered", { id: event.id, error });
    }
    if (accepted && marked) return true;
    await runAsSystem(this.options.db(), "payments.sandbox.events", (tx) =>
      accepted
        ? mark(tx)
        : tx
            .update(sandboxEvents)
            .set({ attempts: sql`${sandboxEvents.attempts} + 1` })
            .where(eq(sandboxEvents.id, event.id)),
    );
    return accepted;
  }

  private lastStaleSweep = 0;

  /** After a change: the stale events too, at most once per staleSweepMs on this instance. */
  private async sweepStaleEvents(): Promise<void> {
    const every = this.options.staleSweepMs ?? STALE_SECONDS * 1000;
    const now = Date.now();
    if (every > 0 && now - this.lastStaleSweep < every) return;
    this.lastStaleSweep = now;
    await this.deliverPendingEvents(100, { staleOnly: true });
  }

  private read<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return runAsSystem(this.options.db(), "payments.sandbox", fn);
  }

  /**
   * One state change in one transaction, its events written with it; after the commit they
   * are delivered from memory (no read back), and the stale ones of other changes retried.
   */
  private async change<T>(fn: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const written: WrittenEvent[] = [];
    const result = await runAsSystem(this.options.db(), "payments.sandbox", (tx) =>
      fn(tx, async (type, data) => {
        const id = sandboxId("evt");
        // Events of one change are ordered by created_at, a millisecond apart.
        const createdAt = new Date(Date.now() + written.length);
        const payload = sandboxEventBody(id, type, data, createdAt);
        await insertEvent(tx, { id, type, payload, createdAt });
        written.push({ id, payload });
      }),
    );
    try {
      await this.deliverEvents(written);
      if (written.length > 0) await this.sweepStaleEvents();
    } catch (error) {
      console.error("payments: sandbox events not delivered", { error });
    }
    return result;
  }

  /**
   * A create with an idempotency key: two requests with one key at once both find no row;
   * the second insert hits the key's unique index, and running it again finds the first's.
   */
  private async create<T>(fn: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    try {
      return await this.change(fn);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.change(fn);
    }
  }

  private async existingPayment(tx: Tx, key: string, hash: string): Promise<PaymentRow | null> {
    const [existing] = await tx
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, key));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw idempotencyConflict();
    return existing;
  }

  private async succeedPayment(tx: Tx, emit: Emit, row: PaymentRow, methodId: string) {
    // The update and the method's read go together.
    const [updated, method] = await Promise.all([
      succeeded(tx, { id: row.id, paymentMethodId: methodId, updatedAt: new Date().toISOString() }),
      methodRow(tx, methodId),
    ]);
    const payment = toPayment(updated[0]!, method);
    if (row.saveForLater && row.customerId) {
      await tx
        .update(sandboxPaymentMethods)
        .set({ customerId: row.customerId })
        .where(eq(sandboxPaymentMethods.id, methodId));
    }
    await emit("payment.succeeded", { kind: "payment", payment });
    return payment;
  }

  private async failPayment(tx: Tx, emit: Emit, row: PaymentRow, failureCode: string) {
    const payment = toPayment(
      await updatePayment(tx, row.id, { status: "requires_payment_method", failureCode }),
    );
    await emit("payment.failed", { kind: "payment", payment });
    return payment;
  }

  private async succeedSetup(tx: Tx, emit: Emit, row: SetupRow, methodId: string) {
    const [method] = await tx
      .update(sandboxPaymentMethods)
      .set({ customerId: row.customerId })
      .where(eq(sandboxPaymentMethods.id, methodId))
      .returning();
    const updated = await updateSetup(tx, row.id, {
      status: "succeeded",
      paymentMethodId: methodId,
      failureCode: null,
    });
    const setup = toSetup(updated, method ?? null);
    await emit("setup.succeeded", { kind: "setup", setup });
    return setup;
  }

  private async failSetup(tx: Tx, emit: Emit, row: SetupRow, failureCode: string) {
    const updated = await updateSetup(tx, row.id, {
      status: "requires_payment_method",
      paymentMethodId: null,
      failureCode,
    });
    const setup = toSetup(updated, null);
    await emit("setup.failed", { kind: "setup", setup });
    return setup;
  }
}
