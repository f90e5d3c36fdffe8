// First: the request scope sets up what Next's server sets up before its stores exist.
import { inRequestScope, signInCookies, siteRequest } from "./support/request-scope";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAddressAction,
  deleteAddressAction,
  updateAddressAction,
} from "@/lib/addresses/actions";
import {
  createAddress,
  deleteAddress,
  formatAddressLines,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "@/lib/addresses/addresses";
import { ADDRESS_LIMIT, addressSchema, type AddressValues } from "@/lib/addresses/address-schema";
import { initialAddressFormState } from "@/lib/addresses/form-state";
import { addresses } from "@/lib/addresses/schema";
import type { Database } from "@/lib/db/connect";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsAnon, runAsSystem, runAsUser, type UserClaims } from "@/lib/db/run-context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { resetEnvForTests } from "@/lib/env";
import { encodeValidationMessage } from "@/lib/validation/messages";
import { drivers, OPEN_TIMEOUT } from "./support/databases";
import { createTestUser } from "./support/organisations";

/**
 * The address book (docs/addresses.md): the data layer under RLS on PostgreSQL (CRUD, the
 * default rules, the limit, the version check, other users' ids), the actions as Next calls
 * them (bad input changes nothing), and the policies at the SQL level on both drivers: the
 * owner reaches their rows, another user and anon none.
 */
const db = () => getDb();

function values(fields: Partial<Record<string, string>> = {}): AddressValues {
  const parsed = addressSchema.parse({
    country: "US",
    recipientName: "Ana Ruiz",
    line1: "1 Main St",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    ...fields,
  });
  return parsed;
}

async function rowsOf(userId: string) {
  return runAsSystem(db(), "test: read addresses", (tx) =>
    tx.select().from(addresses).where(eq(addresses.userId, userId)),
  );
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "none";
}

beforeAll(() => {
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

describe("the address book's data layer", () => {
  it("creates, reads, lists, updates and deletes the caller's addresses", async () => {
    const { claims } = await createTestUser(db(), "addr-crud");
    expect(await listAddresses(claims)).toEqual([]);
    const home = await createAddress(claims, values({ label: "Home" }));
    expect(home).toMatchObject({ label: "Home", country: "US", isDefault: true, version: 1 });
    expect(await getAddress(claims, home.id)).toEqual(home);
    expect(formatAddressLines(home, "es")).toEqual([
      "Ana Ruiz",
      "1 Main St",
      "Springfield, IL 62701",
      "Estados Unidos",
    ]);

    const updated = await updateAddress(claims, {
      ...values({ country: "GB", region: "", postalCode: "sw1a1aa", city: "London" }),
      addressId: home.id,
      version: 1,
    });
    expect(updated).toMatchObject({
      country: "GB",
      postalCode: "SW1A 1AA",
      region: null,
      city: "London",
      version: 2,
      isDefault: true,
    });
    // The version read is the version written: an older one is stale and changes nothing.
    expect(
      await refusal(() =>
        updateAddress(claims, { ...values({ city: "Chicago" }), addressId: home.id, version: 1 }),
      ),
    ).toBe("stale");
    expect((await getAddress(claims, home.id))?.city).toBe("London");
    expect(await refusal(() => deleteAddress(claims, home.id, 1))).toBe("stale");

    await deleteAddress(claims, home.id, 2);
    expect(await getAddress(claims, home.id)).toBeNull();
    expect(await listAddresses(claims)).toEqual([]);
    expect(await refusal(() => deleteAddress(claims, home.id))).toBe("notFound");
    expect(await getAddress(claims, "not-a-uuid")).toBeNull();
  });

  it("keeps exactly one default: the first, the chosen one, the newest after a delete", async () => {
    const { claims, userId } = await createTestUser(db(), "addr-default");
    const first = await createAddress(claims, values({ label: "First" }));
    const second = await createAddress(claims, values({ label: "Second" }));
    const third = await createAddress(claims, values({ label: "Third", isDefault: "on" }));
    const defaults = async () =>
      (await rowsOf(userId)).filter((r) => r.isDefault).map((r) => r.label);
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect(await defaults()).toEqual(["Third"]);
    // The list shows the default first, then the newest.
    expect((await listAddresses(claims)).map((a) => a.label)).toEqual(["Third", "Second", "First"]);

    await setDefaultAddress(claims, first.id);
    expect(await defaults()).toEqual(["First"]);
    // Unticking "default" on the default changes nothing of the default.
    const current = await getAddress(claims, first.id);
    await updateAddress(claims, {
      ...values({ label: "First" }),
      addressId: first.id,
      version: current?.version ?? 0,
    });
    expect(await defaults()).toEqual(["First"]);

    // Deleting the default makes the newest remaining one the default.
    await deleteAddress(claims, first.id);
    expect(await defaults()).toEqual(["Third"]);
    await deleteAddress(claims, third.id);
    expect(await defaults()).toEqual(["Second"]);
  });

  it(`refuses a ${ADDRESS_LIMIT + 1}th address`, async () => {
    const { claims, userId } = await createTestUser(db(), "addr-limit");
    await runAsSystem(db(), "test: fill the book", (tx) =>
      tx.insert(addresses).values(
        Array.from({ length: ADDRESS_LIMIT }, (_, i) => ({
          ...values({ label: `No ${i}` }),
          userId,
          isDefault: i === 0,
        })),
      ),
    );
    expect(await refusal(() => createAddress(claims, values()))).toBe("limitReached");
    expect(await rowsOf(userId)).toHaveLength(ADDRESS_LIMIT);
  });

  it("serialises one user's writes: two creations at once keep one default", async () => {
    const { claims, userId } = await createTestUser(db(), "addr-race");
    await Promise.all([createAddress(claims, values()), createAddress(claims, values())]);
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("gives another user nothing of someone's addresses, and lets them change nothing", async () => {
    const owner = await createTestUser(db(), "addr-owner");
    const other = await createTestUser(db(), "addr-other");
    const mine = await createAddress(owner.claims, values({ label: "Mine" }));
    const theirs = await createAddress(other.claims, values({ label: "Theirs" }));

    expect(await getAddress(other.claims, mine.id)).toBeNull();
    expect((await listAddresses(other.claims)).map((a) => a.id)).toEqual([theirs.id]);
    expect(
      await refusal(() =>
        updateAddress(other.claims, { ...values({ city: "X" }), addressId: mine.id, version: 1 }),
      ),
    ).toBe("notFound");
    expect(await refusal(() => deleteAddress(other.claims, mine.id))).toBe("notFound");
    expect(await refusal(() => setDefaultAddress(other.claims, mine.id))).toBe("notFound");
    expect(await rowsOf(owner.userId)).toEqual([
      expect.objectContaining({ id: mine.id, city: "Springfield", version: 1, isDefault: true }),
    ]);
    expect((await rowsOf(other.userId)).map((r) => r.isDefault)).toEqual([true]);
  });
});

describe("the address actions", () => {
  function form(fields: Record<string, string>): FormData {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  }

  async function asCaller<T>(jar: Map<string, string>, fn: () => Promise<T>) {
    return inRequestScope(siteRequest("/profile/my-addresses/create", { method: "POST" }, jar), fn);
  }

  async function redirectOf(fn: () => Promise<unknown>): Promise<string | null> {
    try {
      await fn();
      return null;
    } catch (error) {
      const digest = (error as { digest?: unknown }).digest;
      if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) {
        return digest.split(";")[2] ?? "";
      }
      throw error;
    }
  }

  const good = {
    country: "GB",
    recipientName: "Sam Jones",
    line1: "10 Downing St",
    city: "London",
    postalCode: "sw1a 2aa",
  };

  it("saves nothing for a bad postcode and answers on the field, then saves a good one", async () => {
    const user = await createTestUser(db(), "addr-action");
    const jar = await signInCookies(user);
    const bad = await asCaller(jar, () =>
      createAddressAction(initialAddressFormState, form({ ...good, postalCode: "12345" })),
    );
    expect(bad).toEqual({
      status: "invalid",
      fieldErrors: { postalCode: [encodeValidationMessage("format")] },
      values: { ...good, postalCode: "12345" },
    });
    expect(await rowsOf(user.userId)).toEqual([]);

    const target = await redirectOf(() =>
      asCaller(jar, () => createAddressAction(initialAddressFormState, form(good))),
    );
    expect(target).toBe("/profile/my-addresses?done=created");
    const [row] = await rowsOf(user.userId);
    expect(row).toMatchObject({ postalCode: "SW1A 2AA", country: "GB", isDefault: true });
  });

  it("does not change another user's address through the form", async () => {
    const owner = await createTestUser(db(), "addr-act-owner");
    const other = await createTestUser(db(), "addr-act-other");
    const mine = await createAddress(owner.claims, values());
    const jar = await signInCookies(other);
    const answer = await asCaller(jar, () =>
      updateAddressAction(
        initialAddressFormState,
        form({ ...good, addressId: mine.id, version: "1" }),
      ),
    );
    expect(answer).toMatchObject({ status: "error", code: "notFound" });
    expect((await rowsOf(owner.userId))[0]).toMatchObject({ country: "US", version: 1 });
  });

  it("deletes only at a version the list showed: none, a bad or a stale one deletes nothing", async () => {
    const user = await createTestUser(db(), "addr-act-delete");
    const mine = await createAddress(user.claims, values());
    const jar = await signInCookies(user);
    const remove = (fields: Record<string, string>) =>
      redirectOf(() => asCaller(jar, () => deleteAddressAction(form(fields))));
    for (const version of [undefined, "", "abc", "1.5", "0", "2147483648", "99999999999", "2"]) {
      const fields: Record<string, string> = { addressId: mine.id };
      if (version !== undefined) fields.version = version;
      expect({ version, target: await remove(fields) }).toEqual({
        version,
        target: "/profile/my-addresses?error=stale",
      });
    }
    expect(await rowsOf(user.userId)).toHaveLength(1);
    expect(await remove({ addressId: mine.id, version: "1" })).toBe(
      "/profile/my-addresses?done=deleted",
    );
    expect(await rowsOf(user.userId)).toEqual([]);
  });

  it("sends a signed-out caller to sign in", async () => {
    const target = await redirectOf(() =>
      inRequestScope(siteRequest("/profile/my-addresses/create", { method: "POST" }), () =>
        createAddressAction(initialAddressFormState, form(good)),
      ),
    );
    expect(target).toContain("/login?redirect=");
  });
});

type Actor = UserClaims | "anon";

/** What a statement came to, in a transaction that is always rolled back. */
async function attempt(
  database: Database,
  actor: Actor,
  fn: (tx: Tx) => Promise<unknown[]>,
): Promise<number | string> {
  class RolledBack extends Error {
    constructor(readonly rows: number) {
      super("rolled back");
    }
  }
  const body = async (tx: Tx) => {
    throw new RolledBack((await fn(tx)).length);
  };
  try {
    await (actor === "anon" ? runAsAnon(database.db, body) : runAsUser(database.db, actor, body));
  } catch (error) {
    if (error instanceof RolledBack) return error.rows;
    let current: unknown = error;
    for (let i = 0; i < 3 && current && typeof current === "object"; i++) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === "string") return code;
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
  return "no rollback";
}

describe.each(drivers)("addresses at the SQL level on $name", (driver) => {
  let database: Database;
  let owner: { userId: string; claims: UserClaims };
  let other: { userId: string; claims: UserClaims };
  let addressId: string;

  beforeAll(async () => {
    database = await driver.open();
    owner = await createTestUser(database.db, "addr-sql-owner");
    other = await createTestUser(database.db, "addr-sql-other");
    addressId = randomUUID();
    await runAsSystem(database.db, "test: an address", (tx) =>
      tx
        .insert(addresses)
        .values({ ...values(), id: addressId, userId: owner.userId, isDefault: true }),
    );
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  const byId = () => eq(addresses.id, addressId);

  it("lets the owner read, change and delete their row", async () => {
    expect(
      await attempt(database, owner.claims, (tx) => tx.select().from(addresses).where(byId())),
    ).toBe(1);
    expect(
      await attempt(database, owner.claims, (tx) =>
        tx.update(addresses).set({ city: "Elsewhere" }).where(byId()).returning(),
      ),
    ).toBe(1);
    expect(
      await attempt(database, owner.claims, (tx) => tx.delete(addresses).where(byId()).returning()),
    ).toBe(1);
  });

  it.each(["other", "anon"] as const)("gives %s nothing to read, change or delete", async (who) => {
    const actor: Actor = who === "anon" ? "anon" : other.claims;
    const denied = who === "anon" ? ["42501", 0] : [0];
    expect(await attempt(database, actor, (tx) => tx.select().from(addresses))).toSatisfy(
      (r: number | string) => denied.includes(r),
    );
    expect(
      await attempt(database, actor, (tx) =>
        tx.update(addresses).set({ city: "Stolen" }).where(byId()).returning(),
      ),
    ).toSatisfy((r: number | string) => denied.includes(r));
    expect(
      await attempt(database, actor, (tx) => tx.delete(addresses).where(byId()).returning()),
    ).toSatisfy((r: number | string) => denied.includes(r));
    // Nor add a row in someone else's name.
    expect(
      await attempt(database, actor, (tx) =>
        tx
          .insert(addresses)
          .values({ ...values(), userId: owner.userId })
          .returning(),
      ),
    ).toBe("42501");
  });

  it("refuses moving a row to another user and a second default", async () => {
    expect(
      await attempt(database, owner.claims, (tx) =>
        tx.update(addresses).set({ userId: other.userId }).where(byId()).returning(),
      ),
    ).toBe("42501");
    expect(
      await attempt(database, owner.claims, (tx) =>
        tx
          .insert(addresses)
          .values({ ...values(), userId: owner.userId, isDefault: true })
          .returning(),
      ),
    ).toBe("23505");
    const [row] = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(addresses).where(byId()),
    );
    expect(row).toMatchObject({ userId: owner.userId, city: "Springfield" });
  });

  it("refuses a malformed country at the database too", async () => {
    expect(
      await attempt(database, owner.claims, (tx) =>
        tx
          .insert(addresses)
          .values({ ...values(), userId: owner.userId, country: "usa" })
          .returning(),
      ),
    ).toBe("23514");
  });
});
