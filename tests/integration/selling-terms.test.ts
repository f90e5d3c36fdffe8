import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { readSettingsScreen } from "@/lib/selling-terms/backoffice-reads";
import { deliveryRates, sellingTerms, taxRates } from "@/lib/selling-terms/schema";
import {
  createDeliveryRateCommand,
  updateDeliveryRateCommand,
  updateSellingTermsCommand,
} from "@/lib/selling-terms/settings-commands";
import { loadSellingTerms } from "@/lib/selling-terms/terms";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Selling terms (docs/selling-terms.md): the settings commands with their permissions (a
 * manager writes; staff and viewers get the 404 answer and nothing changes; another
 * organisation's rate is out of reach), audited; loadSellingTerms with the defaults, as a
 * visitor under RLS (active rates only) and as the system.
 */
let world: OrganisationWorld;
const db = () => getDb();
const notFound = { status: "error", code: "notFound" };

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

const termsInput = (overrides: Record<string, unknown> = {}) => ({
  version: "0",
  pricesIncludeTax: "on",
  pickupEnabled: "on",
  pickupNote: "Collect at the counter, 9–18h.",
  rate_standard: "21",
  label_standard: "VAT 21%",
  rate_reduced: "10,5",
  label_reduced: "VAT 10.5%",
  rate_zero: "0",
  label_zero: "",
  rate_exempt: "0",
  label_exempt: "Exempt",
  ...overrides,
});

const rateInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Standard",
  price: "4.95",
  taxClass: "standard",
  sortOrder: "1",
  active: "on",
  ...overrides,
});

async function auditCount(action: string): Promise<number> {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEntries)
      .where(and(eq(auditEntries.organisationId, world.a.id), eq(auditEntries.action, action))),
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  world = await createOrganisationWorld(db(), ["commerce.product.read"]);
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
});

afterAll(async () => {
  await closeDb();
});

describe("loadSellingTerms", () => {
  it("gives an organisation that set nothing the defaults", async () => {
    const terms = await runAsAnon(db(), (tx) => loadSellingTerms(tx, world.b.id));
    expect(terms).toEqual({
      organizationId: world.b.id,
      pricesIncludeTax: true,
      pickup: { enabled: true, note: "" },
      taxRates: {
        standard: { basisPoints: 0, label: "" },
        reduced: { basisPoints: 0, label: "" },
        zero: { basisPoints: 0, label: "" },
        exempt: { basisPoints: 0, label: "" },
      },
      deliveryRates: [],
    });
  });
});

describe("settings commands", () => {
  it("a manager saves the terms and every class's rate in one write, audited, with a version check", async () => {
    const manager = world.a.members.manager.claims;
    const saved = done(
      await runCommand(manager, world.a.id, termsInput(), updateSellingTermsCommand),
    );
    expect(saved.version).toBe(1);
    // The same version again is stale: nothing changes.
    expect(
      await runCommand(
        manager,
        world.a.id,
        termsInput({ rate_standard: "5" }),
        updateSellingTermsCommand,
      ),
    ).toEqual({ status: "error", code: "stale" });
    done(
      await runCommand(
        manager,
        world.a.id,
        termsInput({ version: "1", pricesIncludeTax: undefined, rate_zero: "0.25" }),
        updateSellingTermsCommand,
      ),
    );
    const terms = await runAsAnon(db(), (tx) => loadSellingTerms(tx, world.a.id));
    expect(terms.pricesIncludeTax).toBe(false);
    expect(terms.pickup).toEqual({ enabled: true, note: "Collect at the counter, 9–18h." });
    expect(terms.taxRates).toEqual({
      standard: { basisPoints: 2100, label: "VAT 21%" },
      reduced: { basisPoints: 1050, label: "VAT 10.5%" },
      zero: { basisPoints: 25, label: "" },
      exempt: { basisPoints: 0, label: "Exempt" },
    });
    expect(await auditCount("commerce.settings.update")).toBe(2);
  });

  it("refuses a rate above 100 % or with three decimals, and changes nothing", async () => {
    const manager = world.a.members.manager.claims;
    const before = await runAsAnon(db(), (tx) => loadSellingTerms(tx, world.a.id));
    for (const rate of ["100.01", "12.345", "-1", "abc"]) {
      const state = await runCommand(
        manager,
        world.a.id,
        termsInput({ version: "2", rate_standard: rate }),
        updateSellingTermsCommand,
      );
      expect(state.status).toBe("invalid");
    }
    expect(await runAsAnon(db(), (tx) => loadSellingTerms(tx, world.a.id))).toEqual(before);
  });

  it("staff, viewers and other organisations' managers cannot write the terms or rates", async () => {
    const refused = [
      world.a.members.staff.claims,
      world.a.members.viewer.claims,
      world.b.members.owner.claims,
      world.outsider.claims,
    ];
    for (const claims of refused) {
      expect(
        await runCommand(
          claims,
          world.a.id,
          termsInput({ version: "2" }),
          updateSellingTermsCommand,
        ),
      ).toEqual(notFound);
      expect(await runCommand(claims, world.a.id, rateInput(), createDeliveryRateCommand)).toEqual(
        notFound,
      );
    }
    const [row] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(sellingTerms).where(eq(sellingTerms.organisationId, world.a.id)),
    );
    expect(row?.version).toBe(2);
  });

  it("delivery rates: created in the organisation's currency, edited, deactivated, kept in order", async () => {
    const manager = world.a.members.manager.claims;
    const standard = done(
      await runCommand(manager, world.a.id, rateInput(), createDeliveryRateCommand),
    );
    const express = done(
      await runCommand(
        manager,
        world.a.id,
        rateInput({ name: "Express", price: "12", sortOrder: "0" }),
        createDeliveryRateCommand,
      ),
    );
    expect(
      await runCommand(
        manager,
        world.a.id,
        rateInput({ price: "4.955" }),
        createDeliveryRateCommand,
      ),
    ).toEqual({ status: "error", code: "amountInvalid", field: "price" });
    let terms = await runAsAnon(db(), (tx) => loadSellingTerms(tx, world.a.id));
    expect(terms.deliveryRates.map((r) => [r.name, r.priceMinor, r.currency])).toEqual([
      ["Express", 1200, "USD"],
      ["Standard", 495, "USD"],
    ]);
    // Deactivated: gone from checkout (and from a visitor's reads), still in the back office.
    done(
      await runCommand(
        manager,
        world.a.id,
        rateInput({
          deliveryRateId: express.id,
          version: "1",
          name: "Express",
          price: "12",
          active: undefined,
        }),
        updateDeliveryRateCommand,
      ),
    );
    terms = await runAsAnon(db(), (tx) => loadSellingTerms(tx, world.a.id));
    expect(terms.deliveryRates.map((r) => r.id)).toEqual([standard.id]);
    const system = await runAsSystem(db(), "test", (tx) => loadSellingTerms(tx, world.a.id));
    expect(system).toEqual(terms);
    const screen = await readSettingsScreen(world.a.members.viewer.claims, world.a.id);
    expect(screen?.deliveryRates.map((r) => [r.name, r.active])).toEqual([
      ["Express", false],
      ["Standard", true],
    ]);
    // Another organisation's manager does not reach the rate, not even by its id.
    expect(
      await runCommand(
        world.b.members.manager.claims,
        world.b.id,
        rateInput({ deliveryRateId: standard.id, version: "1" }),
        updateDeliveryRateCommand,
      ),
    ).toEqual(notFound);
    expect(await auditCount("commerce.deliveryRate.create")).toBe(2);
    expect(await auditCount("commerce.deliveryRate.update")).toBe(1);
  });

  it("under RLS, nobody but a permitted member writes terms, rates or delivery rates", async () => {
    const attempts = {
      viewer: world.a.members.viewer.claims,
      staff: world.a.members.staff.claims,
      outsider: world.b.members.owner.claims,
    };
    for (const claims of Object.values(attempts)) {
      const outcome = await runAsUser(db(), claims, async (tx) => {
        const touched = [
          await tx
            .update(sellingTerms)
            .set({ pickupNote: "x" })
            .where(eq(sellingTerms.organisationId, world.a.id))
            .returning(),
          await tx
            .update(taxRates)
            .set({ basisPoints: 1 })
            .where(eq(taxRates.organisationId, world.a.id))
            .returning(),
          await tx
            .delete(deliveryRates)
            .where(eq(deliveryRates.organisationId, world.a.id))
            .returning(),
        ];
        return touched.map((rows) => rows.length);
      });
      expect(outcome).toEqual([0, 0, 0]);
    }
    await expect(
      runAsUser(db(), world.b.members.owner.claims, (tx) =>
        tx
          .insert(taxRates)
          .values({ organisationId: world.a.id, taxClass: "standard", basisPoints: 1 }),
      ),
    ).rejects.toThrow();
    // A visitor reads only active delivery rates; a member with commerce.product.read reads all.
    const anonRates = await runAsAnon(db(), (tx) =>
      tx.select().from(deliveryRates).where(eq(deliveryRates.organisationId, world.a.id)),
    );
    const viewerRates = await runAsUser(db(), world.a.members.viewer.claims, (tx) =>
      tx.select().from(deliveryRates).where(eq(deliveryRates.organisationId, world.a.id)),
    );
    expect(anonRates.every((r) => r.active)).toBe(true);
    expect(viewerRates.length).toBe(anonRates.length + 1);
  });
});
