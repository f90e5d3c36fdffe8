// First: the request scope sets up what Next's server sets up before its stores exist.
import {
  actionOutcome,
  quietConsole,
  signInCookies,
  type CookieJar,
} from "./support/request-scope";
import { repositoryRoot, serverActionFiles } from "./support/server-actions";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateAddressAction } from "@/lib/addresses/actions";
import { initialAddressFormState } from "@/lib/addresses/form-state";
import {
  cancelOrderAction,
  fulfilOrderAction,
  refundOrderAction,
} from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/order/actions";
import {
  refundChargeAction,
  requestPayoutAction,
  startOnboardingAction,
} from "@/app/[locale]/backoffice/organisation/[organisationId]/payment/actions";
import { closeDb, getDb } from "@/lib/db/client";
import { answerSandboxChallenge } from "@/lib/payments/sandbox/challenge-actions";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Server actions are public endpoints: a hand-made request (`Next-Action: <id>` and a JSON
 * array of arguments, or a JavaScript-free multipart post that puts the form first) calls
 * them with whatever it encodes. Every exported action of every "use server" file, found by
 * walking the folders (a new one is covered without being listed), is called as Next calls it
 * with a real session and such arguments: each must give its own answer (a state, a redirect,
 * notFound), never a TypeError. Redirecting actions build their target from checked ids only:
 * NUL or a 60 kB string in a field never reaches the redirect header.
 */
let world: OrganisationWorld;
let ownerJar: CookieJar;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
  ownerJar = await signInCookies(world.a.members.owner);
});

afterAll(async () => {
  await closeDb();
});

quietConsole();

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const outcomeOf = actionOutcome;

const redirectOf = async (jar: CookieJar, run: () => Promise<unknown>) => {
  const outcome = await outcomeOf(jar, run);
  return outcome.kind === "redirect" ? outcome.target : outcome;
};

// ── Every action, every malformed argument list ──────────────────────────────────────────

const root = repositoryRoot;

/** Ends the caller's session (it takes no argument, so nothing of a request reaches it). */
const skipped = new Set(["signOutAction"]);

describe("every server action, called with what a hand-made request encodes", () => {
  const files = serverActionFiles();

  it("finds the actions (the walk works)", () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  it("answers a state, a redirect or notFound, never a TypeError", async () => {
    const probes: (() => unknown[])[] = [
      () => ["x", "y"],
      () => [],
      () => [{ status: "idle" }, null],
      () => [{ status: "idle" }, { organisationId: world.a.id }],
      () => [{ status: "idle" }, "organisationId"],
      // A JavaScript-free multipart post: the form comes first, nothing second.
      () => [form({ organisationId: world.a.id }), undefined],
    ];
    const failures: string[] = [];
    let called = 0;
    for (const file of files) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, action] of Object.entries(exports)) {
        if (typeof action !== "function" || skipped.has(name)) continue;
        called += 1;
        for (const probe of probes) {
          const args = probe();
          const label = `${path.relative(root, file)} ${name}(${args
            .map((arg) => (arg instanceof FormData ? "FormData" : JSON.stringify(arg)))
            .join(", ")})`;
          try {
            const outcome = await outcomeOf(ownerJar, () =>
              (action as (...a: unknown[]) => Promise<unknown>)(...args),
            );
            if (outcome.kind === "status" && outcome.status !== 404) {
              failures.push(`${label}: status ${outcome.status}`);
            }
            if (
              outcome.kind === "redirect" &&
              (outcome.target.length > 2048 || /[\u0000-\u001f\u007f]/.test(outcome.target))
            ) {
              failures.push(`${label}: redirect to ${outcome.target.slice(0, 80)}…`);
            }
          } catch (error) {
            failures.push(`${label}: ${String(error)}`);
          }
        }
      }
    }
    expect(called).toBeGreaterThanOrEqual(90);
    expect(failures).toEqual([]);
  }, 240_000);
});

// ── Redirect targets from checked ids only ───────────────────────────────────────────────

describe("redirecting actions build their target from checked ids only", () => {
  const nul = `${"0b9c2b3e-5d1f-4a6b-8c7d-9e0f1a2b3c4d"}\u0000`;
  const huge = "x".repeat(60_000);

  it("the seller's order actions: an organisation id that is not a uuid goes to /backoffice", async () => {
    const orderId = randomUUID();
    for (const organisationId of [nul, huge, "a\u0000b"]) {
      const fields = { organisationId, orderId, step: "preparing", amount: "1", reason: "other" };
      for (const action of [fulfilOrderAction, refundOrderAction, cancelOrderAction]) {
        expect(await redirectOf(ownerJar, () => action(form(fields)))).toBe(
          "/backoffice?error=notFound",
        );
      }
    }
  });

  it("the seller's order actions: an order id that is not a uuid goes to the order list", async () => {
    const target = await redirectOf(ownerJar, () =>
      cancelOrderAction(form({ organisationId: world.a.id, orderId: huge })),
    );
    expect(target).toBe(
      `/backoffice/organisation/${world.a.id}/commerce/order?error=invalid&field=orderId`,
    );
  });

  it("the seller's order actions: checked ids lead where they always did", async () => {
    const orderId = randomUUID();
    // Another organisation's (a uuid, refused by the access check): its order page, notFound.
    const target = await redirectOf(ownerJar, () =>
      cancelOrderAction(form({ organisationId: world.b.id, orderId })),
    );
    expect(target).toBe(
      `/backoffice/organisation/${world.b.id}/commerce/order/${orderId}?error=notFound`,
    );
  });

  it("the income actions: NUL or 60 kB in the organisation or order id never reaches the header", async () => {
    const orderId = randomUUID();
    for (const organisationId of [nul, huge]) {
      expect(
        await redirectOf(ownerJar, () =>
          refundChargeAction(form({ organisationId, orderId, amount: "1", reason: "other" })),
        ),
      ).toBe("/backoffice?error=notFound");
      expect(
        await redirectOf(ownerJar, () =>
          requestPayoutAction(form({ organisationId, currency: "EUR", amount: "1" })),
        ),
      ).toBe("/backoffice?error=notFound");
      expect(
        await redirectOf(ownerJar, () => startOnboardingAction(form({ organisationId }))),
      ).toBe("/backoffice?error=notFound");
    }
    expect(
      await redirectOf(ownerJar, () =>
        refundChargeAction(form({ organisationId: world.a.id, orderId: huge })),
      ),
    ).toBe(`/backoffice/organisation/${world.a.id}/payment/charge?error=invalid`);
    expect(
      await redirectOf(ownerJar, () =>
        refundChargeAction(
          form({ organisationId: world.b.id, orderId, amount: "1", reason: "other" }),
        ),
      ),
    ).toBe(`/backoffice/organisation/${world.b.id}/payment/charge?id=${orderId}&error=notFound`);
  });

  it("the address form sends a signed-out caller to sign in, back to the address only if it is a uuid", async () => {
    const signedOut: CookieJar = new Map();
    const addressId = randomUUID();
    expect(
      await redirectOf(signedOut, () =>
        updateAddressAction(initialAddressFormState, form({ addressId: huge })),
      ),
    ).toBe("/login?redirect=%2Fprofile%2Fmy-addresses");
    expect(
      await redirectOf(signedOut, () =>
        updateAddressAction(initialAddressFormState, form({ addressId })),
      ),
    ).toBe(`/login?redirect=%2Fprofile%2Fmy-addresses%2F${addressId}`);
  });

  it("the sandbox challenge refuses an intent id longer than any the sandbox makes", async () => {
    const outcome = await outcomeOf(new Map(), () =>
      answerSandboxChallenge(form({ intentId: `pi_${"a".repeat(60_000)}`, outcome: "approve" })),
    );
    expect(outcome).toEqual({ kind: "status", status: 404 });
  });
});
