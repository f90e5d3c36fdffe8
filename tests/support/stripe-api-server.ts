import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { failureCodeOf, testCardByToken, type TestCard } from "@/lib/payments/test-cards";
import fixtures from "./stripe-fixtures.json";

/**
 * A local server that speaks the Stripe API for the calls lib/payments makes (docs/payments.md,
 * "The local Stripe API server"), so the stripe provider is tested through the official SDK:
 * form-encoded bodies with bracket keys, Bearer key auth, Idempotency-Key (same key and same
 * parameters → the same answer; other parameters → an idempotency_error), Stripe's error
 * bodies and status codes. Objects are copies of Stripe's own fixtures (stripe-fixtures.json)
 * with fresh ids. Test cards and `pm_card_…` tokens decide outcomes as in the sandbox. Every
 * state change makes an event, POSTed to `webhookUrl` signed by the SDK's
 * `webhooks.generateTestHeaderString`.
 *
 * Not Stripe: no amounts captured later, no currencies checked, one card network, no
 * pagination beyond the first 100. `POST /_test/authenticate/{intentId}` with
 * `outcome=approve|fail` plays the buyer's 3-D Secure step.
 */
export interface StripeApiServer {
  url: string;
  close(): Promise<void>;
  /** Waits until every event made so far has been POSTed. */
  flushWebhooks(): Promise<void>;
  /** Each delivery: the event, and the webhook endpoint's status (0: no connection). */
  deliveries: Array<{ id: string; type: string; status: number }>;
  /** The signed body of an event, as it was delivered (to deliver it again by hand). */
  eventBody(id: string): string | undefined;
  redeliver(id: string): Promise<number>;
}

type Obj = Record<string, unknown> & { id: string };
type Answer = { status: number; body: unknown };

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const clone = <T>(value: T): T => structuredClone(value);
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startStripeApiServer(options: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
}): Promise<StripeApiServer> {
  const signer = new Stripe(options.secretKey);
  const store = {
    payment_intent: new Map<string, Obj>(),
    charge: new Map<string, Obj>(),
    refund: new Map<string, Obj>(),
    customer: new Map<string, Obj>(),
    setup_intent: new Map<string, Obj>(),
    payment_method: new Map<string, Obj>(),
    account: new Map<string, Obj>(),
    transfer: new Map<string, Obj>(),
  };
  /** The test card behind each payment method we made. */
  const cardOf = new Map<string, TestCard>();
  const idempotent = new Map<string, { hash: string; answer: Answer }>();
  const bodies = new Map<string, string>();
  const deliveries: StripeApiServer["deliveries"] = [];
  let queue: Promise<void> = Promise.resolve();
  let baseUrl = "";

  const deliver = async (id: string): Promise<number> => {
    const payload = bodies.get(id)!;
    if (!options.webhookUrl) return 0;
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    });
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };

  const emit = (type: string, object: Obj) => {
    const event = {
      ...clone(fixtures.event),
      id: newId("evt"),
      type,
      created: now(),
      api_version: Stripe.API_VERSION,
      data: { object: clone(object) },
    };
    const payload = JSON.stringify(event, null, 2);
    bodies.set(event.id, payload);
    queue = queue.then(async () => {
      deliveries.push({ id: event.id, type, status: await deliver(event.id) });
    });
  };

  // --- objects -----------------------------------------------------------------------------

  const find = (kind: keyof typeof store, id: string, param = "id"): Obj => {
    const found = store[kind].get(id);
    if (!found) {
      throw new ApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param,
        message: `No such ${kind}: '${id}'`,
      });
    }
    return found;
  };

  const methodFor = (reference: string): Obj => {
    const existing = store.payment_method.get(reference);
    if (existing) return existing;
    const card = testCardByToken(reference);
    if (!card) {
      throw new ApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_method",
        message: `No such PaymentMethod: '${reference}'`,
      });
    }
    const method: Obj = {
      ...clone(fixtures.payment_method),
      id: newId("pm"),
      created: now(),
      customer: null,
      metadata: {},
      card: {
        ...clone(fixtures.payment_method.card),
        brand: card.brand,
        display_brand: card.brand,
        last4: card.number.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      },
    };
    store.payment_method.set(method.id, method);
    cardOf.set(method.id, card);
    return method;
  };

  const cardError = (
    card: TestCard,
    offSession: boolean,
  ): { code: string; decline_code?: string; message: string } | null => {
    if (offSession && card.offSessionNeedsAuthentication) {
      return { code: "authentication_required", message: "Your card requires authentication." };
    }
    const code = failureCodeOf(card.outcome);
    if (code === "card_declined") {
      return { code, decline_code: "generic_decline", message: "Your card was declined." };
    }
    if (code === "insufficient_funds") {
      return {
        code: "card_declined",
        decline_code: code,
        message: "Your card has insufficient funds.",
      };
    }
    if (code === "expired_card") return { code, message: "Your card has expired." };
    return null;
  };

  const succeedPayment = (intent: Obj) => {
    const paidWith = store.payment_method.get(String(intent.payment_method)) as
      { card?: { brand?: string; last4?: string } } | undefined;
    const charge: Obj = {
      ...clone(fixtures.charge),
      // As Stripe: the charge's card details are those of the method that paid.
      payment_method_details: {
        ...clone(fixtures.charge.payment_method_details),
        card: {
          ...clone(fixtures.charge.payment_method_details.card),
          brand: paidWith?.card?.brand ?? fixtures.charge.payment_method_details.card.brand,
          last4: paidWith?.card?.last4 ?? fixtures.charge.payment_method_details.card.last4,
        },
      },
      id: newId("ch"),
      created: now(),
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      status: "succeeded",
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      metadata: clone(intent.metadata),
    };
    store.charge.set(charge.id, charge);
    Object.assign(intent, {
      status: "succeeded",
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
      next_action: null,
    });
    if (intent.setup_future_usage && intent.customer) {
      find("payment_method", String(intent.payment_method)).customer = intent.customer;
    }
    emit("payment_intent.succeeded", intent);
  };

  /** Confirms a PaymentIntent with a payment method: the card decides. */
  const confirmPayment = (intent: Obj, params: Params, offSession: boolean): Answer => {
    if (!["requires_payment_method", "requires_confirmation"].includes(String(intent.status))) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${String(intent.status)}.`,
      });
    }
    const reference = str(params.payment_method) ?? str(intent.payment_method);
    if (!reference) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: "You cannot confirm this PaymentIntent because it's missing a payment method.",
      });
    }
    const method = methodFor(reference);
    const card = cardOf.get(method.id)!;
    intent.payment_method = method.id;
    const failure = cardError(card, offSession);
    if (failure) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        ...failure,
        payment_method: clone(method),
      };
      emit("payment_intent.payment_failed", intent);
      throw new ApiError(402, {
        type: "card_error",
        ...failure,
        payment_intent: clone(intent),
      });
    }
    if (card.outcome === "requires_authentication" && !offSession) {
      intent.status = "requires_action";
      const returnUrl = str(params.return_url);
      intent.next_action = returnUrl
        ? {
            type: "redirect_to_url",
            redirect_to_url: {
              url: `${baseUrl}/_test/authenticate/${intent.id}`,
              return_url: returnUrl,
            },
          }
        : { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
      emit("payment_intent.requires_action", intent);
      return { status: 200, body: intent };
    }
    succeedPayment(intent);
    return { status: 200, body: intent };
  };

  const expand = (object: Obj, params: Params): Obj => {
    const copy = clone(object);
    for (const field of list(params.expand)) {
      const id = copy[field];
      if (typeof id !== "string") continue;
      const kind = field === "latest_charge" ? "charge" : field;
      if (kind in store) copy[field] = clone(find(kind as keyof typeof store, id));
    }
    return copy;
  };

  // --- routes ------------------------------------------------------------------------------

  const routes: Array<[string, RegExp, (params: Params, match: string[]) => Answer]> = [
    [
      "POST",
      /^\/v1\/payment_intents$/,
      (params) => {
        const amount = int(params.amount, "amount");
        const intent: Obj = {
          ...clone(fixtures.payment_intent),
          id: newId("pi"),
          amount,
          amount_received: 0,
          created: now(),
          currency: required(params.currency, "currency").toLowerCase(),
          customer: str(params.customer) ?? null,
          description: str(params.description) ?? null,
          metadata: record(params.metadata),
          payment_method: null,
          setup_future_usage: str(params.setup_future_usage) ?? null,
          automatic_payment_methods: {
            enabled: bool(dig(params, "automatic_payment_methods", "enabled")),
          },
          status: "requires_payment_method",
          canceled_at: null,
          cancellation_reason: null,
          last_payment_error: null,
          latest_charge: null,
          next_action: null,
          processing: null,
          transfer_data: null,
        };
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString("hex")}`;
        if (intent.customer) find("customer", String(intent.customer), "customer");
        if (params.payment_method) {
          intent.payment_method = methodFor(String(params.payment_method)).id;
          intent.status = "requires_confirmation";
        }
        store.payment_intent.set(intent.id, intent);
        emit("payment_intent.created", intent);
        if (bool(params.confirm)) return confirmPayment(intent, params, bool(params.off_session));
        return { status: 200, body: intent };
      },
    ],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      (params, [id]) => ({ status: 200, body: expand(find("payment_intent", id!), params) }),
    ],
    [
      "POST",
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      (params, [id]) =>
        confirmPayment(find("payment_intent", id!), params, bool(params.off_session)),
    ],
    [
      "POST",
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      (params, [id]) => {
        const intent = find("payment_intent", id!);
        if (["succeeded", "canceled"].includes(String(intent.status))) {
          throw new ApiError(400, {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
          });
        }
        Object.assign(intent, {
          status: "canceled",
          canceled_at: now(),
          cancellation_reason: str(params.cancellation_reason) ?? null,
          next_action: null,
        });
        emit("payment_intent.canceled", intent);
        return { status: 200, body: intent };
      },
    ],
    [
      "POST",
      /^\/_test\/authenticate\/([^/]+)$/,
      (params, [id]) => {
        const intent = find("payment_intent", id!);
        if (intent.status !== "requires_action") {
          throw new ApiError(400, {
            type: "invalid_request_error",
            message: "Nothing to authenticate.",
          });
        }
        intent.next_action = null;
        if (params.outcome === "approve") {
          succeedPayment(intent);
        } else {
          intent.status = "requires_payment_method";
          intent.last_payment_error = {
            type: "invalid_request_error",
            code: "payment_intent_authentication_failure",
            message: "The latest attempt to authenticate the payment method failed.",
          };
          emit("payment_intent.payment_failed", intent);
        }
        return { status: 200, body: intent };
      },
    ],
    [
      "POST",
      /^\/v1\/refunds$/,
      (params) => {
        const intent = find(
          "payment_intent",
          required(params.payment_intent, "payment_intent"),
          "payment_intent",
        );
        if (intent.status !== "succeeded" || typeof intent.latest_charge !== "string") {
          throw new ApiError(400, {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "This PaymentIntent does not have a successful charge to refund.",
          });
        }
        const charge = find("charge", intent.latest_charge);
        const left = Number(charge.amount) - Number(charge.amount_refunded);
        if (left === 0) {
          throw new ApiError(400, {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge ${charge.id} has already been refunded.`,
          });
        }
        const amount = params.amount === undefined ? left : int(params.amount, "amount");
        if (amount > left) {
          throw new ApiError(400, {
            type: "invalid_request_error",
            code: "amount_too_large",
            param: "amount",
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          });
        }
        const refund: Obj = {
          ...clone(fixtures.refund),
          id: newId("re"),
          amount,
          charge: charge.id,
          created: now(),
          currency: intent.currency,
          metadata: record(params.metadata),
          payment_intent: intent.id,
          reason: str(params.reason) ?? null,
          status: "succeeded",
        };
        store.refund.set(refund.id, refund);
        charge.amount_refunded = Number(charge.amount_refunded) + amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        emit("refund.created", refund);
        emit("charge.refunded", charge);
        return { status: 200, body: refund };
      },
    ],
    [
      "GET",
      /^\/v1\/refunds\/([^/]+)$/,
      (_params, [id]) => ({ status: 200, body: find("refund", id!) }),
    ],
    [
      "POST",
      /^\/v1\/customers$/,
      (params) => {
        const customer: Obj = {
          ...clone(fixtures.customer),
          id: newId("cus"),
          created: now(),
          discount: null,
          email: str(params.email) ?? null,
          name: str(params.name) ?? null,
          metadata: record(params.metadata),
        };
        store.customer.set(customer.id, customer);
        emit("customer.created", customer);
        return { status: 200, body: customer };
      },
    ],
    [
      "POST",
      /^\/v1\/setup_intents$/,
      (params) => {
        const customer = find("customer", required(params.customer, "customer"), "customer");
        const intent: Obj = {
          ...clone(fixtures.setup_intent),
          id: newId("seti"),
          created: now(),
          customer: customer.id,
          metadata: record(params.metadata),
          usage: str(params.usage) ?? "off_session",
          automatic_payment_methods: {
            enabled: bool(dig(params, "automatic_payment_methods", "enabled")),
          },
          status: "requires_payment_method",
          last_setup_error: null,
          next_action: null,
          payment_method: null,
        };
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString("hex")}`;
        store.setup_intent.set(intent.id, intent);
        emit("setup_intent.created", intent);
        return { status: 200, body: intent };
      },
    ],
    [
      "GET",
      /^\/v1\/setup_intents\/([^/]+)$/,
      (params, [id]) => ({ status: 200, body: expand(find("setup_intent", id!), params) }),
    ],
    [
      "POST",
      /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      (params, [id]) => {
        const intent = find("setup_intent", id!);
        const method = methodFor(required(params.payment_method, "payment_method"));
        const card = cardOf.get(method.id)!;
        intent.payment_method = method.id;
        if (card.outcome === "declined" || card.outcome === "expired_card") {
          const failure = cardError(card, false)!;
          Object.assign(intent, {
            status: "requires_payment_method",
            payment_method: null,
            last_setup_error: { type: "card_error", ...failure },
          });
          emit("setup_intent.setup_failed", intent);
          throw new ApiError(402, { type: "card_error", ...failure, setup_intent: clone(intent) });
        }
        if (card.outcome === "requires_authentication") {
          intent.status = "requires_action";
          intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: {} };
          emit("setup_intent.requires_action", intent);
          return { status: 200, body: intent };
        }
        method.customer = intent.customer;
        Object.assign(intent, { status: "succeeded", last_setup_error: null, next_action: null });
        emit("setup_intent.succeeded", intent);
        return { status: 200, body: intent };
      },
    ],
    [
      "GET",
      /^\/v1\/(?:payment_methods|customers\/([^/]+)\/payment_methods)$/,
      (params, [customerInPath]) => {
        const customer = customerInPath ?? required(params.customer, "customer");
        const data = [...store.payment_method.values()].filter((m) => m.customer === customer);
        return {
          status: 200,
          body: { object: "list", data, has_more: false, url: "/v1/payment_methods" },
        };
      },
    ],
    [
      "POST",
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      (_params, [id]) => {
        const method = find("payment_method", id!);
        if (!method.customer) {
          throw new ApiError(400, {
            type: "invalid_request_error",
            code: "payment_method_unexpected_state",
            message: "The payment method you provided is not attached to a customer.",
          });
        }
        method.customer = null;
        emit("payment_method.detached", method);
        return { status: 200, body: method };
      },
    ],
    // Connect (docs/income.md): express accounts, their onboarding link, transfers to them.
    [
      "POST",
      /^\/v1\/accounts$/,
      (params) => {
        if (str(params.type) !== "express") {
          throw new ApiError(400, {
            type: "invalid_request_error",
            param: "type",
            message: "Only express accounts are served here.",
          });
        }
        const account: Obj = {
          ...clone(fixtures.account),
          id: newId("acct"),
          type: "express",
          created: now(),
          email: str(params.email) ?? null,
          metadata: record(params.metadata),
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
        };
        store.account.set(account.id, account);
        return { status: 200, body: account };
      },
    ],
    [
      "GET",
      /^\/v1\/accounts\/([^/]+)$/,
      (_params, [id]) => ({ status: 200, body: find("account", id!) }),
    ],
    [
      "POST",
      /^\/v1\/account_links$/,
      (params) => {
        const account = find("account", required(params.account, "account"), "account");
        const returnUrl = required(params.return_url, "return_url");
        required(params.refresh_url, "refresh_url");
        if (str(params.type) !== "account_onboarding") {
          throw new ApiError(400, {
            type: "invalid_request_error",
            param: "type",
            message: "Only account_onboarding links are served here.",
          });
        }
        return {
          status: 200,
          body: {
            ...clone(fixtures.account_link),
            created: now(),
            expires_at: now() + 300,
            url: `${baseUrl}/_test/onboard/${account.id}?return_url=${encodeURIComponent(returnUrl)}`,
          },
        };
      },
    ],
    [
      "POST",
      /^\/_test\/onboard\/([^/]+)$/,
      (_params, [id]) => {
        const account = find("account", id!);
        Object.assign(account, {
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: true,
          requirements: {
            ...(account.requirements as object),
            currently_due: [],
            eventually_due: [],
            disabled_reason: null,
          },
        });
        emit("account.updated", account);
        return { status: 200, body: account };
      },
    ],
    [
      "POST",
      /^\/v1\/transfers$/,
      (params) => {
        const account = find("account", required(params.destination, "destination"), "destination");
        if (!account.payouts_enabled) {
          throw new ApiError(400, {
            type: "invalid_request_error",
            code: "insufficient_capabilities_for_transfer",
            param: "destination",
            message:
              "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          });
        }
        const transfer: Obj = {
          ...clone(fixtures.transfer),
          id: newId("tr"),
          created: now(),
          amount: int(params.amount, "amount"),
          amount_reversed: 0,
          currency: required(params.currency, "currency").toLowerCase(),
          destination: account.id,
          metadata: record(params.metadata),
          reversed: false,
        };
        store.transfer.set(transfer.id, transfer);
        emit("transfer.created", transfer);
        return { status: 200, body: transfer };
      },
    ],
  ];

  const handle = async (request: IncomingMessage): Promise<Answer> => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    const raw = method === "GET" ? url.search.slice(1) : await readBody(request);
    const isTestHook = url.pathname.startsWith("/_test/");
    if (!isTestHook && request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return {
        status: 401,
        body: {
          error: {
            type: "invalid_request_error",
            message: "Invalid API Key provided.",
          },
        },
      };
    }
    const route = routes.find(([verb, pattern]) => verb === method && pattern.test(url.pathname));
    if (!route) {
      return {
        status: 404,
        body: {
          error: {
            type: "invalid_request_error",
            message: `Unrecognized request URL (${method}: ${url.pathname}).`,
          },
        },
      };
    }
    const key = method === "POST" ? request.headers["idempotency-key"] : undefined;
    const hash = createHash("sha256").update(`${method} ${url.pathname} ${raw}`).digest("hex");
    if (typeof key === "string") {
      const seen = idempotent.get(key);
      if (seen && seen.hash !== hash) {
        return {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          },
        };
      }
      if (seen) return seen.answer;
    }
    let answer: Answer;
    try {
      answer = route[2](decodeForm(raw), route[1].exec(url.pathname)!.slice(1));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    // Stripe keeps the first answer to a key, errors included (except 5xx), for 24 hours.
    if (typeof key === "string") idempotent.set(key, { hash, answer: clone(answer) });
    return answer;
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    handle(request)
      .then(({ status, body }) => {
        response.writeHead(status, {
          "content-type": "application/json",
          "request-id": newId("req"),
        });
        response.end(JSON.stringify(body));
      })
      .catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    deliveries,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
    flushWebhooks: async () => {
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
    eventBody: (id) => bodies.get(id),
    redeliver: (id) => deliver(id),
  };
}

// --- form bodies -----------------------------------------------------------------------------

type Params = Record<string, unknown>;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * Stripe's form encoding: `a[b][c]=v` nests, `a[0]=v` is an array element (the SDK's
 * `expand[0]=latest_charge`), `a[]=v` appends.
 */
export function decodeForm(raw: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const path = [
      name.replace(/\[.*$/, ""),
      ...[...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!),
    ];
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) {
        node[key] = value;
      } else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function required(value: unknown, param: string): string {
  const text = str(value);
  if (!text) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      param,
      message: `Missing required param: ${param}.`,
    });
  }
  return text;
}

function int(value: unknown, param: string): number {
  const text = required(value, param);
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      param,
      message: `Invalid integer: ${text}`,
    });
  }
  return Number(text);
}

function bool(value: unknown): boolean {
  return value === "true";
}

function dig(params: Params, ...path: string[]): unknown {
  let node: unknown = params;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

function record(value: unknown): Record<string, string> {
  return value && typeof value === "object" ? { ...(value as Record<string, string>) } : {};
}

function list(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return value && typeof value === "object" ? Object.values(value as Record<string, string>) : [];
}
