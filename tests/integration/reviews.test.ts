import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { listings } from "@/lib/listings/schema";
import {
  deleteReview,
  listOrganisationReviews,
  ownReview,
  replyReviewCommand,
  reportReviewCommand,
  updateReview,
  writeReview,
} from "@/lib/reviews/reviews";
import { reviews } from "@/lib/reviews/schema";
import { enableCommerce, seedProduct } from "./support/commerce";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * Reviews (issue 11 §3): one per author and listing, only of published listings, the rating
 * summary kept in the same transaction; the organisation answers and reports (hidden until
 * moderated); nobody changes what is not theirs, in code and in the database.
 */
let world: OrganisationWorld;
let published: string;
let draft: string;
const db = () => getDb();

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  published = (await seedProduct(db(), world.a.id)).productId;
  draft = (await seedProduct(db(), world.a.id)).productId;
  await runAsSystem(db(), "test: publish", (tx) =>
    tx
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, published)),
  );
});

afterAll(async () => {
  await closeDb();
});

async function summary(id: string) {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx
      .select({
        count: listings.ratingCount,
        sum: listings.ratingSum,
        histogram: listings.ratingHistogram,
      })
      .from(listings)
      .where(eq(listings.id, id)),
  );
  return row;
}

describe("reviews", () => {
  it("are written once per author, only on published listings, and keep the rating summary", async () => {
    const alice = await createTestUser(db(), "alice");
    const bob = await createTestUser(db(), "bob");
    const first = await writeReview(alice.claims, {
      listingId: published,
      rating: 5,
      title: "Great",
      body: "Works as described.",
    });
    expect(first).toMatchObject({ status: "done" });
    expect(
      await writeReview(alice.claims, {
        listingId: published,
        rating: 1,
        title: "",
        body: "Again",
      }),
    ).toEqual({ status: "error", code: "alreadyReviewed" });
    expect(
      await writeReview(bob.claims, { listingId: draft, rating: 4, title: "", body: "Draft?" }),
    ).toEqual({ status: "error", code: "notFound" });
    expect(
      (await writeReview(bob.claims, { listingId: published, rating: 7, title: "", body: "x" }))
        .status,
    ).toBe("invalid");
    expect(
      await writeReview(null, { listingId: published, rating: 4, title: "", body: "x" }),
    ).toEqual({
      status: "error",
      code: "notFound",
    });
    await writeReview(bob.claims, {
      listingId: published,
      rating: 2,
      title: "Meh",
      body: "Too slow.",
    });
    expect(await summary(published)).toEqual({ count: 2, sum: 7, histogram: [0, 1, 0, 0, 1] });

    // The author edits and deletes their own; the summary follows.
    const mine = await ownReview(bob.claims, published);
    expect(mine).toMatchObject({ rating: 2, title: "Meh" });
    expect(
      await updateReview(bob.claims, {
        reviewId: mine!.id,
        listingId: published,
        rating: 4,
        title: "Better",
        body: "Fixed by an update.",
      }),
    ).toMatchObject({ status: "done" });
    expect(await summary(published)).toEqual({ count: 2, sum: 9, histogram: [0, 0, 0, 1, 1] });
    // Someone else's review: not found, unchanged.
    expect(
      await updateReview(alice.claims, {
        reviewId: mine!.id,
        listingId: published,
        rating: 1,
        title: "x",
        body: "x",
      }),
    ).toEqual({ status: "error", code: "notFound" });
    expect(await deleteReview(alice.claims, { reviewId: mine!.id, listingId: published })).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(
      await deleteReview(bob.claims, { reviewId: mine!.id, listingId: published }),
    ).toMatchObject({ status: "done" });
    expect(await summary(published)).toEqual({ count: 1, sum: 5, histogram: [0, 0, 0, 0, 1] });
  });

  it("need a profile: the display name shows with the review", async () => {
    const anonymous = {
      sub: crypto.randomUUID(),
      email: "no-profile@example.test",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
    } as const;
    expect(
      await writeReview(anonymous, { listingId: published, rating: 3, title: "", body: "Hello" }),
    ).toMatchObject({ status: "error" });
    const named = await createTestUser(db(), "carol");
    await writeReview(named.claims, { listingId: published, rating: 4, title: "", body: "Nice." });
    const [row] = await runAsAnon(db(), (tx) =>
      tx
        .select({ authorName: reviews.authorName })
        .from(reviews)
        .where(eq(reviews.authorUserId, named.userId)),
    );
    expect(row?.authorName).toBe("Test carol");
  });

  it("are answered and reported by the organisation; a reported one is hidden from the public", async () => {
    const dave = await createTestUser(db(), "dave");
    const written = await writeReview(dave.claims, {
      listingId: published,
      rating: 1,
      title: "Spam",
      body: "Buy elsewhere!",
    });
    if (written.status !== "done") throw new Error("not written");
    const reviewId = written.data.id;
    const staff = world.a.members.staff.claims;
    expect(
      await runCommand(
        staff,
        world.a.id,
        { reviewId, reply: "Sorry to hear that." },
        replyReviewCommand,
      ),
    ).toMatchObject({ status: "done" });
    // Staff answer but do not report; a viewer does neither; B's owner nothing at all.
    expect(
      await runCommand(staff, world.a.id, { reviewId, reason: "Spam" }, reportReviewCommand),
    ).toEqual({ status: "error", code: "notFound" });
    expect(
      await runCommand(
        world.a.members.viewer.claims,
        world.a.id,
        { reviewId, reply: "x" },
        replyReviewCommand,
      ),
    ).toEqual({ status: "error", code: "notFound" });
    expect(
      await runCommand(
        world.b.members.owner.claims,
        world.b.id,
        { reviewId, reply: "x" },
        replyReviewCommand,
      ),
    ).toEqual({ status: "error", code: "notFound" });
    const before = await summary(published);
    expect(
      await runCommand(
        world.a.members.manager.claims,
        world.a.id,
        { reviewId, reason: "Spam" },
        reportReviewCommand,
      ),
    ).toMatchObject({ status: "done" });
    const visible = await runAsAnon(db(), (tx) =>
      tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.listingId, published)),
    );
    expect(visible.map((r) => r.id)).not.toContain(reviewId);
    expect((await summary(published))?.count).toBe((before?.count ?? 0) - 1);
    // The author still sees it (reported), and cannot edit it while it waits.
    expect((await ownReview(dave.claims, published))?.status).toBe("reported");
    expect(
      await updateReview(dave.claims, {
        reviewId,
        listingId: published,
        rating: 5,
        title: "",
        body: "Changed",
      }),
    ).toEqual({ status: "error", code: "notFound" });
    const listed = await listOrganisationReviews(staff, world.a.id, { page: 1, size: 10 });
    expect(listed.rows.find((r) => r.id === reviewId)).toMatchObject({
      status: "reported",
      reply: "Sorry to hear that.",
    });
    expect(
      (
        await listOrganisationReviews(world.b.members.owner.claims, world.a.id, {
          page: 1,
          size: 10,
        })
      ).rows,
    ).toEqual([]);
  });

  it("are guarded in the database: an author cannot reply or un-report, a member cannot rewrite", async () => {
    const erin = await createTestUser(db(), "erin");
    const written = await writeReview(erin.claims, {
      listingId: published,
      rating: 3,
      title: "",
      body: "Fine.",
    });
    if (written.status !== "done") throw new Error("not written");
    const id = written.data.id;
    await expect(
      runAsUser(db(), erin.claims, (tx) =>
        tx.update(reviews).set({ reply: "I reply to myself" }).where(eq(reviews.id, id)),
      ),
    ).rejects.toThrow();
    await expect(
      runAsUser(db(), erin.claims, (tx) =>
        tx.update(reviews).set({ verified: true }).where(eq(reviews.id, id)),
      ),
    ).rejects.toThrow();
    await expect(
      runAsUser(db(), world.a.members.owner.claims, (tx) =>
        tx.update(reviews).set({ body: "Rewritten" }).where(eq(reviews.id, id)),
      ),
    ).rejects.toThrow();
    await expect(
      runAsUser(db(), erin.claims, (tx) =>
        tx.insert(reviews).values({
          organisationId: world.a.id,
          listingId: draft,
          authorUserId: erin.userId,
          rating: 5,
        }),
      ),
    ).rejects.toThrow();
    const [row] = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ body: reviews.body, reply: reviews.reply })
        .from(reviews)
        .where(eq(reviews.id, id)),
    );
    expect(row).toEqual({ body: "Fine.", reply: null });
    // Nothing of it is readable by another organisation's member beyond what is public.
    const seen = await runAsUser(db(), world.b.members.owner.claims, (tx) =>
      tx.execute(
        sql`select count(*)::int as n from reviews where status <> 'visible' and organisation_id = ${world.a.id}`,
      ),
    );
    expect(JSON.stringify(seen)).toContain('"n":0');
  });
});
