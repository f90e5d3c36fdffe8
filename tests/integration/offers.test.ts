import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand } from "@/lib/backoffice/doors";
import { instantToLocalTime } from "@/lib/commerce/offer-schema";
import {
  createOfferCommand,
  deleteOfferCommand,
  endOfferCommand,
  updateOfferCommand,
} from "@/lib/commerce/offer-commands";
import { groupOffers } from "@/lib/commerce/offer-groups";
import { runningOfferPrices } from "@/lib/commerce/offer-running";
import { readRunningOfferCards } from "@/lib/commerce/offers-public";
import { getOffer, listOffers, offerListingOptions } from "@/lib/commerce/offers";
import { createProductCommand } from "@/lib/commerce/products";
import { setProductStatusCommand } from "@/lib/commerce/product-status";
import type { ProductWriteResult } from "@/lib/commerce/product-writes";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { offers } from "@/lib/offers/schema";
import { auditEntries } from "@/lib/audit/schema";
import { enableCommerce, productInput } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Offers (issue 12 §2): the back office's commands with their permissions and refusals (each
 * writes nothing), another organisation's listings and offers out of reach, the running rule
 * in SQL under RLS (anon sees only running offers of published listings), and the prices the
 * cart will ask for.
 */
let world: OrganisationWorld;
const db = () => getDb();
const notFound = { status: "error", code: "notFound" };
const list = { page: 1, size: 25, sort: "ends", dir: "asc", state: null } as const;
const HOUR = 3_600_000;
// The organisations' time zone is UTC (the default): local times are UTC wall times.
const at = (offset: number) => instantToLocalTime(new Date(Date.now() + offset), "UTC");

let published: ProductWriteResult;
let draft: ProductWriteResult;
let otherOrgProduct: ProductWriteResult;

const manager = () => world.a.members.manager.claims;

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function product(claims: UserClaims, org: string, title: string, publish: boolean) {
  const created = done(
    await runCommand(claims, org, productInput(title, { price: "100.00" }), createProductCommand),
  );
  if (publish) {
    done(
      await runCommand(
        claims,
        org,
        { action: "publish", productIds: [created.id] },
        setProductStatusCommand,
      ),
    );
  }
  return created;
}

function offerInput(listingId: string, overrides: Record<string, unknown> = {}) {
  return {
    listingId,
    title: "Winter sale",
    kind: "percentage",
    value: "20",
    startsAt: at(-HOUR),
    endsAt: at(24 * HOUR),
    usageLimit: "",
    ...overrides,
  };
}

async function offerCount(): Promise<number> {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx.select({ n: sql<number>`count(*)::int` }).from(offers),
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  world = await createOrganisationWorld(db(), ["commerce.product.read"]);
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
  published = await product(manager(), world.a.id, "Offer phone", true);
  draft = await product(manager(), world.a.id, "Draft phone", false);
  otherOrgProduct = await product(world.b.members.manager.claims, world.b.id, "B phone", true);
});

afterAll(async () => {
  await closeDb();
});

describe("offer commands", () => {
  it("create, list by state, edit with a version check, end now and delete, each audited", async () => {
    const created = done(
      await runCommand(manager(), world.a.id, offerInput(published.id), createOfferCommand),
    );
    expect(created.listingIds).toEqual([published.id]);
    const scheduled = done(
      await runCommand(
        manager(),
        world.a.id,
        offerInput(published.id, {
          title: "Later",
          startsAt: at(48 * HOUR),
          endsAt: at(72 * HOUR),
        }),
        createOfferCommand,
      ),
    );
    const running = await listOffers(manager(), world.a.id, { ...list, state: "running" });
    expect(running.rows.map((r) => r.id)).toEqual([created.id]);
    expect(running.rows[0]).toMatchObject({ kind: "percentage", value: 20, currency: "USD" });
    const later = await listOffers(manager(), world.a.id, { ...list, state: "scheduled" });
    expect(later.rows.map((r) => r.id)).toEqual([scheduled.id]);

    const updated = done(
      await runCommand(
        manager(),
        world.a.id,
        {
          ...offerInput(published.id, { kind: "fixed_price", value: "79.99" }),
          offerId: created.id,
          version: 1,
        },
        updateOfferCommand,
      ),
    );
    expect(updated.version).toBe(2);
    expect((await getOffer(manager(), world.a.id, created.id))?.value).toBe(7999);
    expect(
      await runCommand(
        manager(),
        world.a.id,
        { ...offerInput(published.id), offerId: created.id, version: 1 },
        updateOfferCommand,
      ),
    ).toEqual({ status: "error", code: "stale" });

    done(
      await runCommand(manager(), world.a.id, { offerId: created.id, version: 2 }, endOfferCommand),
    );
    const ended = await listOffers(manager(), world.a.id, { ...list, state: "ended" });
    expect(ended.rows.map((r) => r.id)).toEqual([created.id]);
    expect(
      await runCommand(manager(), world.a.id, { offerId: created.id, version: 3 }, endOfferCommand),
    ).toEqual({ status: "error", code: "offerEnded" });

    done(
      await runCommand(
        manager(),
        world.a.id,
        { offerId: created.id, version: 3 },
        deleteOfferCommand,
      ),
    );
    done(
      await runCommand(
        manager(),
        world.a.id,
        { offerId: scheduled.id, version: 1 },
        deleteOfferCommand,
      ),
    );
    expect(await getOffer(manager(), world.a.id, created.id)).toBeNull();

    const actions = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ action: auditEntries.action })
        .from(auditEntries)
        .where(eq(auditEntries.resourceId, created.id))
        .orderBy(auditEntries.createdAt),
    );
    expect(actions.map((a) => a.action)).toEqual([
      "commerce.offer.create",
      "commerce.offer.update",
      "commerce.offer.end",
      "commerce.offer.delete",
    ]);
  });

  it("refuses bad input with a clear code and writes nothing", async () => {
    const before = await offerCount();
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { startsAt: at(5 * HOUR), endsAt: at(HOUR) },
        { status: "invalid", fieldErrors: { endsAt: ["backoffice:offerEndsBeforeStart"] } },
      ],
      [
        { value: "95" },
        { status: "invalid", fieldErrors: { value: ["backoffice:offerPercentRange"] } },
      ],
      [
        { value: "0" },
        { status: "invalid", fieldErrors: { value: ["backoffice:offerPercentRange"] } },
      ],
      [
        { value: "12.5" },
        { status: "invalid", fieldErrors: { value: ["backoffice:offerPercentRange"] } },
      ],
      [
        { kind: "fixed_price", value: "100.00" },
        { status: "error", code: "offerPriceNotBelow", field: "value" },
      ],
      [
        { kind: "fixed_price", value: "150" },
        { status: "error", code: "offerPriceNotBelow", field: "value" },
      ],
      [
        { kind: "fixed_price", value: "9.999" },
        { status: "error", code: "amountInvalid", field: "value" },
      ],
      [
        { kind: "fixed_price", value: "abc" },
        { status: "invalid", fieldErrors: { value: ["backoffice:amountInvalid"] } },
      ],
      [
        { listingId: otherOrgProduct.id },
        { status: "error", code: "notFound", field: "listingId" },
      ],
    ];
    for (const [overrides, expected] of cases) {
      expect(
        await runCommand(
          manager(),
          world.a.id,
          offerInput(published.id, overrides),
          createOfferCommand,
        ),
        JSON.stringify(overrides),
      ).toEqual(expected);
    }
    expect(await offerCount()).toBe(before);
  });

  it("needs commerce.offer.write: staff may, a viewer and another organisation's member may not", async () => {
    const before = await offerCount();
    expect(
      await runCommand(
        world.a.members.viewer.claims,
        world.a.id,
        offerInput(published.id),
        createOfferCommand,
      ),
    ).toEqual(notFound);
    // Another organisation's owner, naming organisation A or their own with A's listing.
    const bOwner = world.b.members.owner.claims;
    expect(
      await runCommand(bOwner, world.a.id, offerInput(published.id), createOfferCommand),
    ).toEqual(notFound);
    expect(
      await runCommand(bOwner, world.b.id, offerInput(published.id), createOfferCommand),
    ).toEqual({
      ...notFound,
      field: "listingId",
    });
    expect(await offerCount()).toBe(before);

    const mine = done(
      await runCommand(
        world.a.members.staff.claims,
        world.a.id,
        offerInput(published.id),
        createOfferCommand,
      ),
    );
    expect(await getOffer(bOwner, world.b.id, mine.id)).toBeNull();
    expect(await getOffer(bOwner, world.a.id, mine.id)).toBeNull();
    expect((await listOffers(bOwner, world.b.id, list)).rows).toEqual([]);
    for (const [claims, org] of [
      [bOwner, world.b.id],
      [bOwner, world.a.id],
      [world.a.members.viewer.claims, world.a.id],
    ] as const) {
      expect(
        await runCommand(claims, org, { offerId: mine.id, version: 1 }, endOfferCommand),
      ).toEqual(notFound);
      expect(
        await runCommand(claims, org, { offerId: mine.id, version: 1 }, deleteOfferCommand),
      ).toEqual(notFound);
      expect(
        await runCommand(
          claims,
          org,
          { ...offerInput(published.id), offerId: mine.id, version: 1 },
          updateOfferCommand,
        ),
      ).toEqual(notFound);
    }
    expect((await getOffer(manager(), world.a.id, mine.id))?.version).toBe(1);
    expect((await offerListingOptions(manager(), world.a.id)).map((o) => o.id)).toEqual(
      expect.arrayContaining([published.id, draft.id]),
    );
    expect((await offerListingOptions(manager(), world.a.id)).map((o) => o.id)).not.toContain(
      otherOrgProduct.id,
    );
    done(
      await runCommand(manager(), world.a.id, { offerId: mine.id, version: 1 }, deleteOfferCommand),
    );
  });
});

describe("offers under RLS", () => {
  it("anon reads only running offers of published listings; the cart's prices follow", async () => {
    const make = (listingId: string, overrides: Record<string, unknown>) =>
      runAsSystem(db(), "test", async (tx) => {
        const [row] = await tx
          .insert(offers)
          .values({
            organisationId: world.a.id,
            listingId,
            title: "SQL offer",
            kind: "percentage",
            value: 10,
            startsAt: new Date(Date.now() - HOUR),
            endsAt: new Date(Date.now() + HOUR),
            ...overrides,
          })
          .returning({ id: offers.id });
        return row!.id;
      });
    const runningId = await make(published.id, { value: 25 });
    // A fixed price above the product's price runs, but is no offer anywhere.
    await make(published.id, { kind: "fixed_price", value: 20_000 });
    const ids = {
      running: runningId,
      scheduled: await make(published.id, {
        startsAt: new Date(Date.now() + HOUR),
        endsAt: new Date(Date.now() + 2 * HOUR),
      }),
      past: await make(published.id, {
        startsAt: new Date(Date.now() - 2 * HOUR),
        endsAt: new Date(Date.now() - HOUR),
      }),
      endedByHand: await make(published.id, { endedAt: new Date() }),
      usedUp: await make(published.id, { usageLimit: 2, used: 2 }),
      onDraft: await make(draft.id, {}),
    };
    const seen = await runAsAnon(db(), (tx) =>
      tx
        .select({ id: offers.id })
        .from(offers)
        .where(
          and(eq(offers.kind, "percentage"), inArray(offers.listingId, [published.id, draft.id])),
        ),
    );
    // Only this test's listings: other tests (and the demo seed) run offers of their own.
    expect(seen.map((r) => r.id).sort()).toEqual([ids.running].sort());
    await expect(
      runAsAnon(db(), (tx) =>
        tx.insert(offers).values({
          organisationId: world.a.id,
          listingId: published.id,
          title: "x",
          kind: "percentage",
          value: 50,
          startsAt: new Date(),
          endsAt: new Date(Date.now() + HOUR),
        }),
      ),
    ).rejects.toThrow();
    // Another organisation's member sees the same as anon; the owner sees all six.
    const bSeen = await runAsUser(db(), world.b.members.owner.claims, (tx) =>
      tx.select({ id: offers.id }).from(offers).where(eq(offers.organisationId, world.a.id)),
    );
    expect(bSeen.map((r) => r.id)).toHaveLength(2);
    expect(bSeen.map((r) => r.id)).toContain(ids.running);
    const aSeen = await runAsUser(db(), world.a.members.owner.claims, (tx) =>
      tx.select({ id: offers.id }).from(offers).where(eq(offers.organisationId, world.a.id)),
    );
    expect(aSeen).toHaveLength(7);
    // Another organisation's member cannot change them (RLS: nothing updated).
    const changed = await runAsUser(db(), world.b.members.owner.claims, (tx) =>
      tx
        .update(offers)
        .set({ value: 90 })
        .where(eq(offers.id, ids.running))
        .returning({ id: offers.id }),
    );
    expect(changed).toEqual([]);

    // The cart's function: one query, the best running offer per listing.
    const prices = await runAsAnon(db(), (tx) =>
      runningOfferPrices(tx, [published.id, draft.id, published.id]),
    );
    expect(prices.priceOf(published.id, 10000)).toMatchObject({
      offerId: ids.running,
      priceMinor: 7500,
    });
    expect(prices.priceOf(draft.id, 10000)).toBeNull();
    expect(prices.offersOf(published.id)).toHaveLength(2);

    // The public page's read: the published product with its offer price, not the draft.
    const cards = await readRunningOfferCards();
    const card = cards.find((c) => c.id === published.id);
    expect(card?.offer).toMatchObject({ priceMinor: 7500, percentSaved: 25 });
    expect(cards.map((c) => c.id)).not.toContain(draft.id);
    // Grouped among this test's listings: other test files run offers of other groups at the
    // same time (a travel offer made the whole list's groups ["shopping", "travel"]).
    const own = cards.filter((c) => c.id === published.id || c.id === draft.id);
    expect(groupOffers(own).map((g) => g.group)).toEqual(["shopping"]);

    // A listing of another organisation cannot be named (composite foreign key).
    await expect(
      runAsSystem(db(), "test", (tx) =>
        tx.insert(offers).values({
          organisationId: world.a.id,
          listingId: otherOrgProduct.id,
          title: "x",
          kind: "percentage",
          value: 10,
          startsAt: new Date(),
          endsAt: new Date(Date.now() + HOUR),
        }),
      ),
    ).rejects.toThrow();
    await runAsSystem(db(), "test", (tx) =>
      tx.delete(offers).where(eq(offers.organisationId, world.a.id)),
    );
  });
});
