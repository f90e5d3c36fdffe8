import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { employments, organisations, roles } from "@/lib/organisations/schema";
import { keyValues } from "@/lib/settings/schema";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

describe.each(drivers)("RLS tenant isolation on $name", (driver) => {
  let database: Database;
  const suffix = randomUUID().slice(0, 8);
  const orgA = { id: randomUUID(), name: "Org A", slug: `org-a-${suffix}` };
  const orgB = { id: randomUUID(), name: "Org B", slug: `org-b-${suffix}` };
  const userA = randomUUID();
  const userB = randomUUID();
  const suspended = randomUUID();
  const ownerA = randomUUID();
  const staffA = randomUUID();
  const ownerB = randomUUID();

  beforeAll(async () => {
    database = await driver.open();
    await runAsSystem(database.db, "test-setup", async (tx) => {
      await tx.insert(organisations).values([orgA, orgB]);
      await tx.insert(roles).values([
        { id: ownerA, organisationId: orgA.id, builtinKey: "owner", name: "owner" },
        { id: staffA, organisationId: orgA.id, builtinKey: "staff", name: "staff" },
        { id: ownerB, organisationId: orgB.id, builtinKey: "owner", name: "owner" },
      ]);
      await tx.insert(employments).values([
        { organisationId: orgA.id, userId: userA, roleId: ownerA },
        { organisationId: orgB.id, userId: userB, roleId: ownerB },
        { organisationId: orgA.id, userId: suspended, roleId: staffA, status: "suspended" },
      ]);
      await tx.insert(keyValues).values([
        { key: `public-${suffix}`, value: "yes", isPublic: true },
        { key: `private-${suffix}`, value: "no", isPublic: false },
      ]);
    });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("a query without a tenant filter returns only the caller's organisation", async () => {
    const rows = await runAsUser(database.db, { sub: userA }, (tx) =>
      tx.select({ id: organisations.id }).from(organisations),
    );
    expect(rows.map((r) => r.id)).toEqual([orgA.id]);
  });

  it("another organisation's row is invisible even when asked for by id", async () => {
    const rows = await runAsUser(database.db, { sub: userA }, (tx) =>
      tx.select().from(organisations).where(eq(organisations.id, orgB.id)),
    );
    expect(rows).toEqual([]);
  });

  it("employments of another organisation are invisible", async () => {
    const rows = await runAsUser(database.db, { sub: userA }, (tx) =>
      tx.select({ organisationId: employments.organisationId }).from(employments),
    );
    expect(new Set(rows.map((r) => r.organisationId))).toEqual(new Set([orgA.id]));
    expect(rows).toHaveLength(2);
  });

  it("a suspended member sees only their own employment", async () => {
    const orgs = await runAsUser(database.db, { sub: suspended }, (tx) =>
      tx.select().from(organisations),
    );
    const own = await runAsUser(database.db, { sub: suspended }, (tx) =>
      tx.select({ userId: employments.userId }).from(employments),
    );
    expect(orgs).toEqual([]);
    expect(own).toEqual([{ userId: suspended }]);
  });

  it("writes to another organisation change nothing (the caller's own may change)", async () => {
    const updated = await runAsUser(database.db, { sub: userA }, (tx) =>
      tx
        .update(organisations)
        .set({ name: "taken over" })
        .where(inArray(organisations.id, [orgA.id, orgB.id]))
        .returning({ id: organisations.id }),
    );
    const deleted = await runAsUser(database.db, { sub: userA }, (tx) =>
      tx.delete(employments).where(eq(employments.organisationId, orgB.id)).returning(),
    );
    expect(updated).toEqual([{ id: orgA.id }]);
    expect(deleted).toEqual([]);
    await expect(
      runAsUser(database.db, { sub: userA }, (tx) =>
        tx.insert(organisations).values({ name: "x", slug: `x-${suffix}` }),
      ),
    ).rejects.toThrow();
    const [b] = await runAsSystem(database.db, "test-check", (tx) =>
      tx.select().from(organisations).where(eq(organisations.id, orgB.id)),
    );
    expect(b?.name).toBe("Org B");
  });

  it("anonymous visitors see no tenant rows and only public settings", async () => {
    const [orgs, settings] = await runAsAnon(database.db, async (tx) => [
      await tx.select().from(organisations),
      await tx
        .select({ key: keyValues.key })
        .from(keyValues)
        .where(inArray(keyValues.key, [`public-${suffix}`, `private-${suffix}`])),
    ]);
    expect(orgs).toEqual([]);
    expect(settings).toEqual([{ key: `public-${suffix}` }]);
  });
});
