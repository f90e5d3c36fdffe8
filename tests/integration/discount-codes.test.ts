import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { getDiscountCode, listDiscountCodes } from "@/lib/selling-terms/backoffice-reads";
import {
  createDiscountCommand,
  setDiscountActiveCommand,
  updateDiscountCommand,
} from "@/lib/selling-terms/discount-commands";
import {
  DiscountRedemptionError,
  quoteDiscount,
  redeemDiscount,
} from "@/lib/selling-terms/discounts";
import { discountCodes, discountRedemptions } from "@/lib/selling-terms/schema";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { insertTestOrder } from "./support/shop";

/**
 * Discount codes (docs/selling-terms.md): the back office's commands (managers and staff
 * write, viewers and other organisations do not; codes unique whatever the case), every rule
 * of quoteDiscount in order, a shopper quoting under RLS without reading any code, and
 * redeemDiscount's locking: 20 concurrent orders for a code limited to 5 redeem it 5 times.
 */
let world: OrganisationWorld;
const db = () => getDb();
const HOUR = 3_600_000;
const list = { page: 1, size: 25, sort: "created", dir: "desc", status: null } as const;

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

const codeInput = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  kind: "percent",
  value: "10",
  minSubtotal: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perCustomerLimit: "",
  ...overrides,
});

/** A code written as the system (the rules' fixtures), in organisation A, USD. */
async function fixture(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await runAsSystem(db(), "test: code", (tx) =>
    tx
      .insert(discountCodes)
      .values({
        organisationId: world.a.id,
        kind: "percent",
        basisPoints: 1000,
        currency: "USD",
        ...values,
      })
      .returning({ id: discountCodes.id }),
  );
  return row!.id;
}

const quote = (code: string, overrides: Partial<Parameters<typeof quoteDiscount>[1]> = {}) =>
  runAsSystem(db(), "test: quote", (tx) =>
    quoteDiscount(tx, {
      organizationId: world.a.id,
      code,
      subtotalMinor: 5000,
      currency: "USD",
      userId: world.outsider.userId,
      now: new Date(),
      ...overrides,
    }),
  );

beforeAll(async () => {
  world = await createOrganisationWorld(db(), ["commerce.product.read"]);
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
});

afterAll(async () => {
  await closeDb();
});

describe("discount commands", () => {
  it("managers and staff create, edit and deactivate codes; viewers and outsiders cannot", async () => {
    const staff = world.a.members.staff.claims;
    const created = done(
      await runCommand(
        staff,
        world.a.id,
        codeInput("spring-25", { value: "12.5", usageLimit: "100" }),
        createDiscountCommand,
      ),
    );
    const detail = await getDiscountCode(world.a.members.viewer.claims, world.a.id, created.id);
    expect(detail).toMatchObject({
      code: "SPRING-25",
      kind: "percent",
      basisPoints: 1250,
      usageLimit: 100,
      status: "active",
    });
    // The same characters in another case are taken; in another organisation they are free.
    expect(
      await runCommand(staff, world.a.id, codeInput("Spring-25"), createDiscountCommand),
    ).toEqual({
      status: "error",
      code: "discountCodeTaken",
      field: "code",
    });
    done(
      await runCommand(
        world.b.members.manager.claims,
        world.b.id,
        codeInput("spring-25"),
        createDiscountCommand,
      ),
    );
    for (const claims of [
      world.a.members.viewer.claims,
      world.b.members.owner.claims,
      world.outsider.claims,
    ]) {
      expect(
        await runCommand(claims, world.a.id, codeInput("VIEWER"), createDiscountCommand),
      ).toEqual({
        status: "error",
        code: "notFound",
      });
      expect(
        await runCommand(
          claims,
          world.a.id,
          { discountCodeId: created.id, version: "1", active: "" },
          setDiscountActiveCommand,
        ),
      ).toEqual({ status: "error", code: "notFound" });
    }
    // A fixed amount in the organisation's currency, a window, limits.
    const manager = world.a.members.manager.claims;
    const edited = done(
      await runCommand(
        manager,
        world.a.id,
        codeInput("SPRING-25", {
          discountCodeId: created.id,
          version: "1",
          kind: "fixed",
          value: "5.00",
          minSubtotal: "20",
          startsAt: "2030-01-01T00:00",
          endsAt: "2030-02-01T00:00",
          perCustomerLimit: "1",
        }),
        updateDiscountCommand,
      ),
    );
    expect(await getDiscountCode(manager, world.a.id, created.id)).toMatchObject({
      kind: "fixed",
      amountMinor: 500,
      basisPoints: null,
      minSubtotalMinor: 2000,
      perCustomerLimit: 1,
      status: "scheduled",
      startsAt: new Date("2030-01-01T00:00:00Z"),
    });
    done(
      await runCommand(
        manager,
        world.a.id,
        { discountCodeId: created.id, version: String(edited.version), active: "" },
        setDiscountActiveCommand,
      ),
    );
    expect((await getDiscountCode(manager, world.a.id, created.id))?.status).toBe("inactive");
    const listed = await listDiscountCodes(manager, world.a.id, { ...list, status: "inactive" });
    expect(listed.rows.map((r) => r.code)).toEqual(["SPRING-25"]);
    // Another organisation lists none of A's codes.
    const other = await listDiscountCodes(world.b.members.owner.claims, world.b.id, list);
    expect(other.rows.every((r) => r.id !== created.id)).toBe(true);
  });

  it("refuses bad input and changes nothing", async () => {
    const manager = world.a.members.manager.claims;
    const cases = [
      codeInput("no"),
      codeInput("has space"),
      codeInput("OK-CODE", { value: "0" }),
      codeInput("OK-CODE", { value: "100.01" }),
      codeInput("OK-CODE", { kind: "fixed", value: "-1" }),
      codeInput("OK-CODE", { startsAt: "2030-01-02T00:00", endsAt: "2030-01-01T00:00" }),
      codeInput("OK-CODE", { usageLimit: "0" }),
    ];
    for (const input of cases) {
      const state = await runCommand(manager, world.a.id, input, createDiscountCommand);
      expect(state.status).toBe("invalid");
    }
    expect(
      await runCommand(
        manager,
        world.a.id,
        codeInput("OK-CODE", { kind: "fixed", value: "0" }),
        createDiscountCommand,
      ),
    ).toEqual({
      status: "error",
      code: "amountInvalid",
      field: "value",
    });
    const rows = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(discountCodes).where(eq(discountCodes.code, "OK-CODE")),
    );
    expect(rows).toEqual([]);
  });
});

describe("quoteDiscount", () => {
  it("answers every rule in order, case-insensitively, and only for the organisation's own codes", async () => {
    const now = Date.now();
    await fixture({ code: "Q-OK", basisPoints: 1500 });
    await fixture({
      code: "Q-FIXED",
      kind: "fixed",
      basisPoints: null,
      amountMinor: 700,
      minSubtotalMinor: 1000,
    });
    await fixture({ code: "Q-OFF", active: false });
    await fixture({ code: "Q-LATER", startsAt: new Date(now + HOUR) });
    await fixture({
      code: "Q-PAST",
      startsAt: new Date(now - 2 * HOUR),
      endsAt: new Date(now - HOUR),
    });
    await fixture({ code: "Q-USED", usageLimit: 3, usedCount: 3 });
    await fixture({ code: "Q-MIN", minSubtotalMinor: 6000 });
    const once = await fixture({ code: "Q-ONCE", perCustomerLimit: 1 });
    await runAsSystem(db(), "test", async (tx) =>
      tx.insert(discountRedemptions).values({
        organisationId: world.a.id,
        discountCodeId: once,
        orderId: await insertTestOrder(tx, {
          organisationId: world.a.id,
          buyerUserId: world.outsider.userId,
        }),
        userId: world.outsider.userId,
        amountMinor: 100,
      }),
    );
    expect(await quote("q-ok")).toMatchObject({
      ok: true,
      discount: { kind: "percent", basisPoints: 1500 },
    });
    expect(await quote("  Q-FIXED ")).toMatchObject({
      ok: true,
      discount: { kind: "fixed", amountMinor: 700 },
    });
    expect(await quote("Q-FIXED", { currency: "EUR" })).toEqual({ ok: false, reason: "currency" });
    expect(await quote("Q-OK", { currency: "EUR" })).toMatchObject({ ok: true });
    expect(await quote("NOPE")).toEqual({ ok: false, reason: "unknown" });
    expect(await quote("bad code; --")).toEqual({ ok: false, reason: "unknown" });
    expect(await quote("Q-OFF")).toEqual({ ok: false, reason: "inactive" });
    expect(await quote("Q-LATER")).toEqual({ ok: false, reason: "not_started" });
    expect(await quote("Q-LATER", { now: new Date(now + 2 * HOUR) })).toMatchObject({ ok: true });
    expect(await quote("Q-PAST")).toEqual({ ok: false, reason: "ended" });
    expect(await quote("Q-USED")).toEqual({ ok: false, reason: "exhausted" });
    expect(await quote("Q-MIN")).toEqual({ ok: false, reason: "min_subtotal" });
    expect(await quote("Q-MIN", { subtotalMinor: 6000 })).toMatchObject({ ok: true });
    expect(await quote("Q-ONCE")).toEqual({ ok: false, reason: "customer_limit" });
    expect(await quote("Q-ONCE", { userId: world.a.members.viewer.userId })).toMatchObject({
      ok: true,
    });
    expect(await quote("Q-ONCE", { userId: null })).toEqual({
      ok: false,
      reason: "customer_limit",
    });
    // Organisation B knows none of A's codes.
    expect(await quote("Q-OK", { organizationId: world.b.id })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("lets a shopper quote under RLS for themselves only, reading no code", async () => {
    const shopper = world.outsider;
    const input = {
      organizationId: world.a.id,
      code: "Q-OK",
      subtotalMinor: 5000,
      currency: "USD",
      userId: shopper.userId,
      now: new Date(),
    };
    const quoted = await runAsUser(db(), shopper.claims, async (tx) => ({
      quote: await quoteDiscount(tx, input),
      visible: await tx.select().from(discountCodes),
      redemptions: await tx.select().from(discountRedemptions),
    }));
    expect(quoted.quote).toMatchObject({ ok: true });
    expect(quoted.visible).toEqual([]);
    expect(quoted.redemptions).toEqual([]);
    await expect(
      runAsUser(db(), shopper.claims, (tx) =>
        quoteDiscount(tx, { ...input, userId: world.a.members.owner.userId }),
      ),
    ).rejects.toThrow();
    expect(
      await runAsAnon(db(), (tx) => quoteDiscount(tx, { ...input, userId: null })),
    ).toMatchObject({ ok: true });
    await expect(runAsAnon(db(), (tx) => quoteDiscount(tx, input))).rejects.toThrow();
    // A shopper cannot write a redemption or bump a count either.
    await expect(
      runAsUser(db(), shopper.claims, (tx) =>
        tx.insert(discountRedemptions).values({
          organisationId: world.a.id,
          discountCodeId: randomUUID(),
          orderId: randomUUID(),
          userId: shopper.userId,
          amountMinor: 1,
        }),
      ),
    ).rejects.toThrow();
  });
});

describe("redeemDiscount", () => {
  const redeem = (discountCodeId: string, userId: string, orderId?: string) =>
    runAsSystem(db(), "test: redeem", async (tx) =>
      redeemDiscount(tx, {
        discountCodeId,
        orderId: await insertTestOrder(tx, {
          id: orderId,
          organisationId: world.a.id,
          buyerUserId: userId,
        }),
        userId,
        amountMinor: 250,
        now: new Date(),
      }),
    );

  it("records the redemption, counts it, and refuses past the per-customer and total limits", async () => {
    const id = await fixture({ code: "R-TWO", usageLimit: 2, perCustomerLimit: 1 });
    const first = await redeem(id, world.a.members.viewer.userId);
    expect(first.usedCount).toBe(1);
    await expect(redeem(id, world.a.members.viewer.userId)).rejects.toMatchObject({
      reason: "customer_limit",
    });
    await redeem(id, world.a.members.staff.userId);
    const refused = await redeem(id, world.a.members.owner.userId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscountRedemptionError);
    expect(refused).toMatchObject({ reason: "exhausted" });
    const off = await fixture({ code: "R-OFF", active: false });
    await expect(redeem(off, world.a.members.owner.userId)).rejects.toMatchObject({
      reason: "inactive",
    });
    await expect(redeem(randomUUID(), world.a.members.owner.userId)).rejects.toMatchObject({
      reason: "unknown",
    });
    const rows = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, id)),
    );
    expect(rows.map((r) => r.amountMinor)).toEqual([250, 250]);
    const [code] = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ used: discountCodes.usedCount })
        .from(discountCodes)
        .where(eq(discountCodes.id, id)),
    );
    expect(code?.used).toBe(2);
  });

  it("20 concurrent orders for a code limited to 5: exactly 5 redeem it", async () => {
    const id = await fixture({ code: "R-RACE", usageLimit: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => redeem(id, world.outsider.userId)),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(15);
    expect(
      lost.every(
        (o) => o.reason instanceof DiscountRedemptionError && o.reason.reason === "exhausted",
      ),
    ).toBe(true);
    const [code] = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ used: discountCodes.usedCount })
        .from(discountCodes)
        .where(eq(discountCodes.id, id)),
    );
    expect(code?.used).toBe(5);
    const rows = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, id)),
    );
    expect(rows).toHaveLength(5);
  });
});
