import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { listings } from "@/lib/listings/schema";
import {
  decideReview,
  isPlatformModerator,
  listReportedReviews,
} from "@/lib/moderation/moderation";
import { addModerator, listModerators, removeModerator } from "@/lib/moderation/moderators";
import { platformModerators } from "@/lib/moderation/schema";
import { ownReview, reportReviewCommand, writeReview } from "@/lib/reviews/reviews";
import { reviews } from "@/lib/reviews/schema";
import { openPglite, OPEN_TIMEOUT } from "./support/databases";
import { track } from "./support/locks";
import { enableCommerce, seedProduct } from "./support/commerce";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * The moderators' decision on reported reviews (issue 11 §3, docs/commerce.md "Moderation"):
 * only a platform moderator, checked live, lists the queue and decides; restoring counts the
 * review again in the listing's rating summary, removing keeps it out; each decision is
 * audited in the review's organisation with the moderator as actor; a review is decided once
 * (the row is locked: of two moderators at once, the second is told); bad input changes
 * nothing. Refusals are checked in code and under RLS.
 */
let world: OrganisationWorld;
let listingA: string;
let listingB: string;
type User = Awaited<ReturnType<typeof createTestUser>>;
let moderator: User;
let secondModerator: User;
let consumer: User;
const db = () => getDb();

async function publish(organisationId: string): Promise<string> {
  const { productId } = await seedProduct(db(), organisationId);
  await runAsSystem(db(), "test: publish", (tx) =>
    tx
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, productId)),
  );
  return productId;
}

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
  listingA = await publish(world.a.id);
  listingB = await publish(world.b.id);
  moderator = await createTestUser(db(), "moderator");
  secondModerator = await createTestUser(db(), "moderator-2");
  consumer = await createTestUser(db(), "consumer");
  await runAsSystem(db(), "test: moderators", async (tx) => {
    expect(await addModerator(tx, moderator.email.toUpperCase())).toBe("added");
    expect(await addModerator(tx, secondModerator.email)).toBe("added");
    expect(await addModerator(tx, moderator.email)).toBe("unchanged");
    expect(await addModerator(tx, "nobody@example.test")).toBe("noSuchUser");
  });
});

afterAll(async () => {
  await closeDb();
});

async function summary(listingId: string) {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx
      .select({
        count: listings.ratingCount,
        sum: listings.ratingSum,
        histogram: listings.ratingHistogram,
      })
      .from(listings)
      .where(eq(listings.id, listingId)),
  );
  return row;
}

async function stored(reviewId: string) {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx
      .select({
        status: reviews.status,
        reportReason: reviews.reportReason,
        reportedAt: reviews.reportedAt,
      })
      .from(reviews)
      .where(eq(reviews.id, reviewId)),
  );
  return row;
}

async function auditOf(reviewId: string) {
  return runAsSystem(db(), "test", (tx) =>
    tx
      .select({
        organisationId: auditEntries.organisationId,
        actorUserId: auditEntries.actorUserId,
        action: auditEntries.action,
        resourceType: auditEntries.resourceType,
        before: auditEntries.before,
        after: auditEntries.after,
      })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.resourceId, reviewId),
          inArray(auditEntries.action, ["reviews.review.restore", "reviews.review.remove"]),
        ),
      ),
  );
}

async function publiclyVisible(listingId: string, reviewId: string): Promise<boolean> {
  const rows = await runAsAnon(db(), (tx) =>
    tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.listingId, listingId)),
  );
  return rows.some((r) => r.id === reviewId);
}

/** A new shopper's review of the listing, reported by the organisation's manager. */
async function reportedReview(
  organisation: "a" | "b",
  rating: number,
  author?: User,
): Promise<{ id: string; author: User; listingId: string }> {
  const org = world[organisation];
  const listingId = organisation === "a" ? listingA : listingB;
  const writer = author ?? (await createTestUser(db(), `shopper-${rating}`));
  const written = await writeReview(writer.claims, {
    listingId,
    rating,
    title: `Rated ${rating}`,
    body: "Off-topic advertising.",
  });
  if (written.status !== "done") throw new Error(`not written: ${JSON.stringify(written)}`);
  const reported = await runCommand(
    org.members.manager.claims,
    org.id,
    { reviewId: written.data.id, reason: "Advertises another shop" },
    reportReviewCommand,
  );
  expect(reported).toMatchObject({ status: "done" });
  return { id: written.data.id, author: writer, listingId };
}

/** PostgreSQL's SQLSTATE of a rejected promise (either driver). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === "object") {
      const code = (current as { code?: unknown }).code;
      if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
      current = (current as { cause?: unknown }).cause;
    }
    return "not a database error";
  }
  return undefined;
}

describe("the moderators' decision on reported reviews", () => {
  it("is refused to anyone who is not a moderator, in code and under RLS", async () => {
    const { id } = await reportedReview("a", 2);
    const owner = world.a.members.owner.claims;
    const anon: UserClaims = { sub: randomUUID(), role: "anon", is_anonymous: true };
    for (const claims of [consumer.claims, owner, world.outsider.claims]) {
      expect(await isPlatformModerator(claims)).toBe(false);
      await expect(listReportedReviews(claims, { page: 1, size: 10 })).rejects.toThrow();
      for (const decision of ["restore", "remove"]) {
        expect(await decideReview(claims, { reviewId: id, decision, note: "" })).toEqual({
          status: "error",
          code: "notFound",
        });
      }
    }
    expect(await isPlatformModerator(null)).toBe(false);
    expect(await isPlatformModerator(anon)).toBe(false);
    expect(await decideReview(null, { reviewId: id, decision: "restore" })).toEqual({
      status: "error",
      code: "notFound",
    });

    // Under RLS: the table is nobody's to read or write, the functions refuse, and the
    // organisation's owner (who may report) cannot change a reported review's status.
    for (const claims of [consumer.claims, owner]) {
      expect(
        await sqlState(
          runAsUser(db(), claims, (tx) => tx.select().from(platformModerators).limit(1)),
        ),
      ).toBe("42501");
      expect(
        await sqlState(
          runAsUser(db(), claims, (tx) =>
            tx.insert(platformModerators).values({ userId: claims.sub }),
          ),
        ),
      ).toBe("42501");
      expect(
        await sqlState(
          runAsUser(db(), claims, (tx) =>
            tx.execute(sql`select * from app.reported_reviews(10, 0)`),
          ),
        ),
      ).toBe("42501");
      expect(
        await sqlState(
          runAsUser(db(), claims, (tx) =>
            tx.execute(sql`select * from app.decide_review(${id}::uuid, 'restore', null)`),
          ),
        ),
      ).toBe("42501");
    }
    expect(
      await sqlState(
        runAsUser(db(), owner, async (tx) => {
          // Even with an entry recorded as if decided: the owner is no moderator.
          await tx.execute(
            sql`select app.record_audit(${world.a.id}::uuid, 'reviews.review.restore', 'review', ${id}, null, null)`,
          );
          await tx.update(reviews).set({ status: "visible" }).where(eq(reviews.id, id));
        }),
      ),
    ).toBe("42501");
    for (const query of [
      sql`select * from app.reported_reviews(10, 0)`,
      sql`select * from app.decide_review(${id}::uuid, 'restore', null)`,
      sql`select * from platform_moderators`,
    ]) {
      expect(await sqlState(runAsAnon(db(), (tx) => tx.execute(query)))).toBe("42501");
    }
    const [answer] = await runAsAnon(db(), (tx) =>
      queryRows<{ moderator: boolean }>(tx, sql`select app.is_platform_moderator() as moderator`),
    );
    expect(answer?.moderator).toBe(false);
    expect((await stored(id))?.status).toBe("reported");
    expect(await auditOf(id)).toEqual([]);
  });

  it("restores a review: visible again, counted in the rating summary, audited", async () => {
    const start = await summary(listingA);
    const { id, listingId } = await reportedReview("a", 1);
    expect(await summary(listingId)).toEqual(start);
    const queue = await listReportedReviews(moderator.claims, { page: 1, size: 100 });
    expect(queue.rows.find((r) => r.id === id)).toMatchObject({
      organisationId: world.a.id,
      organisationName: world.a.name,
      listingId,
      listingKind: "product",
      listingTitle: "Seeded product",
      listingPublished: true,
      authorName: "Test shopper-1",
      own: false,
      rating: 1,
      title: "Rated 1",
      body: "Off-topic advertising.",
      reportReason: "Advertises another shop",
    });

    const restored = await decideReview(moderator.claims, {
      reviewId: id,
      decision: "restore",
      note: "  Not advertising: a comparison.  ",
    });
    expect(restored).toEqual({
      status: "done",
      data: { id, status: "visible", tags: [`listing:${listingId}`, "listings:product"] },
    });
    expect(await stored(id)).toEqual({ status: "visible", reportReason: null, reportedAt: null });
    expect(await publiclyVisible(listingId, id)).toBe(true);
    const after = await summary(listingId);
    expect(after?.count).toBe((start?.count ?? 0) + 1);
    expect(after?.sum).toBe((start?.sum ?? 0) + 1);
    expect(after?.histogram[0]).toBe((start?.histogram[0] ?? 0) + 1);
    expect(await auditOf(id)).toEqual([
      {
        organisationId: world.a.id,
        actorUserId: moderator.userId,
        action: "reviews.review.restore",
        resourceType: "review",
        before: expect.objectContaining({
          status: "reported",
          reportReason: "Advertises another shop",
        }) as unknown,
        after: { status: "visible", note: "Not advertising: a comparison." },
      },
    ]);
    expect(
      (await listReportedReviews(moderator.claims, { page: 1, size: 100 })).rows.map((r) => r.id),
    ).not.toContain(id);
    // Restored, it can be reported again.
    expect(
      await runCommand(
        world.a.members.manager.claims,
        world.a.id,
        { reviewId: id, reason: "Again" },
        reportReviewCommand,
      ),
    ).toMatchObject({ status: "done" });
  });

  it("removes a review: hidden, left out of the summary, shown to its author as removed", async () => {
    const start = await summary(listingB);
    const { id, author, listingId } = await reportedReview("b", 5);
    const removed = await decideReview(secondModerator.claims, {
      reviewId: id,
      decision: "remove",
    });
    expect(removed).toMatchObject({ status: "done", data: { id, status: "removed" } });
    expect(await stored(id)).toMatchObject({
      status: "removed",
      reportReason: "Advertises another shop",
    });
    expect(await publiclyVisible(listingId, id)).toBe(false);
    expect(await summary(listingId)).toEqual(start);
    expect((await ownReview(author.claims, listingId))?.status).toBe("removed");
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        organisationId: world.b.id,
        actorUserId: secondModerator.userId,
        action: "reviews.review.remove",
        after: { status: "removed", note: null },
      }),
    ]);
  });

  it("decides a review once: a second decision, or one on a review not reported, is refused", async () => {
    const { id } = await reportedReview("a", 3);
    expect(
      await decideReview(moderator.claims, { reviewId: id, decision: "remove" }),
    ).toMatchObject({ status: "done" });
    for (const [claims, decision] of [
      [secondModerator.claims, "restore"],
      [moderator.claims, "remove"],
    ] as const) {
      expect(await decideReview(claims, { reviewId: id, decision })).toEqual({
        status: "error",
        code: "alreadyDecided",
      });
    }
    expect((await stored(id))?.status).toBe("removed");
    expect(await auditOf(id)).toHaveLength(1);

    // Never reported: nothing to decide.
    const shopper = await createTestUser(db(), "visible");
    const written = await writeReview(shopper.claims, {
      listingId: listingA,
      rating: 4,
      title: "",
      body: "Good.",
    });
    if (written.status !== "done") throw new Error("not written");
    const before = await summary(listingA);
    expect(
      await decideReview(moderator.claims, { reviewId: written.data.id, decision: "remove" }),
    ).toEqual({ status: "error", code: "alreadyDecided" });
    expect((await stored(written.data.id))?.status).toBe("visible");
    expect(await summary(listingA)).toEqual(before);
    expect(await auditOf(written.data.id)).toEqual([]);
  });

  it("lets one of two moderators deciding at once win; the other is told", async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("needs DATABASE_URL");
    const { id } = await reportedReview("a", 2);
    // A second connection holds the review's row lock, so both decisions wait at it.
    const holder = postgres(url, { max: 2, onnotice: () => {} });
    const reserved = await holder.reserve();
    try {
      await reserved`begin`;
      await reserved`select id from reviews where id = ${id} for update`;
      const first = track(decideReview(moderator.claims, { reviewId: id, decision: "restore" }));
      const second = track(
        decideReview(secondModerator.claims, { reviewId: id, decision: "remove" }),
      );
      const deadline = Date.now() + 5000;
      let waiting = 0;
      while (Date.now() < deadline && waiting < 2) {
        const [row] = await holder<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'
             and query like '%decide_review%'`;
        waiting = row?.n ?? 0;
        if (waiting < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waiting).toBe(2);
      expect(first.settled || second.settled).toBe(false);
      await reserved`commit`;
      const answers = await Promise.all([first.promise, second.promise]);
      expect(answers.filter((a) => a.status === "done")).toHaveLength(1);
      expect(
        answers.filter((a) => a.status === "error" && a.code === "alreadyDecided"),
      ).toHaveLength(1);
      const winner = answers[0]?.status === "done" ? "visible" : "removed";
      expect((await stored(id))?.status).toBe(winner);
      expect(await auditOf(id)).toHaveLength(1);
    } finally {
      reserved.release();
      await holder.end();
    }
  });

  it("answers bad input clearly and changes nothing", async () => {
    const { id, listingId } = await reportedReview("a", 1);
    const before = await summary(listingId);
    expect(
      await decideReview(moderator.claims, { reviewId: randomUUID(), decision: "restore" }),
    ).toEqual({ status: "error", code: "notFound" });
    const tooLong = await decideReview(moderator.claims, {
      reviewId: id,
      decision: "restore",
      note: "x".repeat(501),
    });
    expect(tooLong).toEqual({
      status: "invalid",
      fieldErrors: { note: ['validation:maxLength:{"0":500}'] },
    });
    expect(
      await decideReview(moderator.claims, { reviewId: "not-a-uuid", decision: "restore" }),
    ).toMatchObject({ status: "invalid", fieldErrors: { reviewId: expect.any(Array) as unknown } });
    expect(
      await decideReview(moderator.claims, { reviewId: id, decision: "approve" }),
    ).toMatchObject({ status: "invalid", fieldErrors: { decision: expect.any(Array) as unknown } });
    // The database holds the same limits when the code's check is skipped.
    expect(
      await sqlState(
        runAsUser(db(), moderator.claims, (tx) =>
          tx.execute(
            sql`select * from app.decide_review(${id}::uuid, 'restore', ${"x".repeat(501)})`,
          ),
        ),
      ),
    ).toBe("22001");
    expect(
      await sqlState(
        runAsUser(db(), moderator.claims, (tx) =>
          tx.execute(sql`select * from app.decide_review(${id}::uuid, 'approve', null)`),
        ),
      ),
    ).toBe("22023");
    expect((await stored(id))?.status).toBe("reported");
    expect(await summary(listingId)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
    // The longest note is fine.
    expect(
      await decideReview(moderator.claims, {
        reviewId: id,
        decision: "restore",
        note: "x".repeat(500),
      }),
    ).toMatchObject({ status: "done" });
  });

  it("lists every organisation's reported reviews, oldest report first, a page at a time", async () => {
    const older = await reportedReview("b", 4);
    const newer = await reportedReview("a", 4);
    await runAsSystem(db(), "test: report times", async (tx) => {
      await tx
        .update(reviews)
        .set({ reportedAt: new Date("2020-01-01T00:00:00Z") })
        .where(eq(reviews.id, older.id));
      await tx
        .update(reviews)
        .set({ reportedAt: new Date("2020-01-02T00:00:00Z") })
        .where(eq(reviews.id, newer.id));
    });
    const first = await listReportedReviews(moderator.claims, { page: 1, size: 1 });
    expect(first.rows.map((r) => r.id)).toEqual([older.id]);
    expect(first.rows[0]).toMatchObject({
      organisationName: world.b.name,
      reportedAt: new Date("2020-01-01T00:00:00Z"),
    });
    const second = await listReportedReviews(moderator.claims, { page: 2, size: 1 });
    expect(second.rows.map((r) => r.id)).toEqual([newer.id]);
    expect(second.total).toBe(first.total);
    const [counted] = await runAsSystem(db(), "test", (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from reviews where status = 'reported'`,
      ),
    );
    expect(first.total).toBe(counted?.n);
    // A page past the end shows the last one.
    const last = await listReportedReviews(moderator.claims, { page: 10_000, size: 1 });
    expect(last.page).toBe(first.total);
    expect(last.rows).toHaveLength(1);
  });

  it("keeps a moderator from deciding on their own review, and from skipping the record", async () => {
    const { id } = await reportedReview("a", 1, moderator);
    const queue = await listReportedReviews(moderator.claims, { page: 1, size: 100 });
    expect(queue.rows.find((r) => r.id === id)?.own).toBe(true);
    expect(await decideReview(moderator.claims, { reviewId: id, decision: "restore" })).toEqual({
      status: "error",
      code: "notFound",
    });
    expect((await stored(id))?.status).toBe("reported");

    // An organisation's owner who is also a moderator may update the row under RLS, but the
    // guard admits a decision only with its audit entry, which app.decide_review() writes.
    const owner = world.a.members.owner;
    await runAsSystem(db(), "test: moderator", (tx) => addModerator(tx, owner.email));
    try {
      expect(
        await sqlState(
          runAsUser(db(), owner.claims, (tx) =>
            tx.update(reviews).set({ status: "visible" }).where(eq(reviews.id, id)),
          ),
        ),
      ).toBe("42501");
      expect(await decideReview(owner.claims, { reviewId: id, decision: "restore" })).toMatchObject(
        { status: "done" },
      );
    } finally {
      await runAsSystem(db(), "test: moderator", (tx) => removeModerator(tx, owner.email));
    }
  });

  it("takes a revocation at once: the next call is refused", async () => {
    const { id } = await reportedReview("b", 2);
    const revoked = await createTestUser(db(), "revoked");
    await runAsSystem(db(), "test: moderator", (tx) => addModerator(tx, revoked.email));
    expect(await isPlatformModerator(revoked.claims)).toBe(true);
    expect(
      (await runAsSystem(db(), "test", (tx) => listModerators(tx))).map((m) => m.userId),
    ).toContain(revoked.userId);
    await runAsSystem(db(), "test: moderator", async (tx) => {
      expect(await removeModerator(tx, revoked.email)).toBe("removed");
      expect(await removeModerator(tx, revoked.email)).toBe("unchanged");
    });
    expect(await isPlatformModerator(revoked.claims)).toBe(false);
    expect(await decideReview(revoked.claims, { reviewId: id, decision: "restore" })).toEqual({
      status: "error",
      code: "notFound",
    });
    await expect(listReportedReviews(revoked.claims, { page: 1, size: 10 })).rejects.toThrow();
    expect((await stored(id))?.status).toBe("reported");
  });
});

describe("on PGlite (embedded mode)", () => {
  it(
    "decides through the same functions: the guard and the summary hold there too",
    async () => {
      const embedded = await openPglite();
      try {
        const pg = embedded.db;
        const org = (await createOrganisationWorld(pg)).a;
        const { productId } = await seedProduct(pg, org.id);
        await runAsSystem(pg, "test: publish", (tx) =>
          tx
            .update(listings)
            .set({ status: "published", publishedAt: new Date() })
            .where(eq(listings.id, productId)),
        );
        const author = await createTestUser(pg, "pglite-author");
        const judge = await createTestUser(pg, "pglite-moderator");
        await runAsSystem(pg, "test: moderator", (tx) => addModerator(tx, judge.email));
        const [written] = await runAsUser(pg, author.claims, (tx) =>
          tx
            .insert(reviews)
            .values({
              organisationId: org.id,
              listingId: productId,
              authorUserId: author.userId,
              rating: 3,
              body: "Fine.",
            })
            .returning({ id: reviews.id }),
        );
        const id = written!.id;
        await runAsUser(pg, org.members.manager.claims, (tx) =>
          tx
            .update(reviews)
            .set({ status: "reported", reportedAt: new Date(), reportReason: "Spam" })
            .where(eq(reviews.id, id)),
        );
        const count = async () => {
          const [row] = await runAsSystem(pg, "test", (tx) =>
            tx.select({ n: listings.ratingCount }).from(listings).where(eq(listings.id, productId)),
          );
          return row?.n;
        };
        expect(await count()).toBe(0);
        const decide = (claims: UserClaims) =>
          runAsUser(pg, claims, (tx) =>
            queryRows<{ status: string }>(
              tx,
              sql`select * from app.decide_review(${id}::uuid, 'restore', null)`,
            ),
          );
        expect(await sqlState(decide(org.members.owner.claims))).toBe("42501");
        expect(
          await sqlState(
            runAsUser(pg, org.members.owner.claims, (tx) =>
              tx.update(reviews).set({ status: "visible" }).where(eq(reviews.id, id)),
            ),
          ),
        ).toBe("42501");
        expect(await decide(judge.claims)).toEqual([
          expect.objectContaining({ status: "visible" }),
        ]);
        expect(await count()).toBe(1);
        expect(await sqlState(decide(judge.claims))).toBe("55000");
      } finally {
        await embedded.close();
      }
    },
    OPEN_TIMEOUT,
  );
});
