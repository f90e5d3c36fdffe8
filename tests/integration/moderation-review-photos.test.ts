// First: Next's request stores need AsyncLocalStorage set up before the routes load.
import { callRoute, type CookieJar, signInCookies, siteRequest } from "./support/request-scope";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as moderationPhotoRoute from "@/app/api/moderation/review-photos/[photoId]/route";
import * as publicPhotoRoute from "@/app/api/review-photos/[photoId]/route";
import type { ActionState } from "@/lib/backoffice/action-state";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { processImage, type ProcessedImage } from "@/lib/images/process-image";
import { listings } from "@/lib/listings/schema";
import { listReportedReviews } from "@/lib/moderation/moderation";
import { addModerator, removeModerator } from "@/lib/moderation/moderators";
import { getModeratedReviewPhoto } from "@/lib/moderation/review-photos";
import { addReviewPhoto } from "@/lib/reviews/review-photos";
import { writeReview } from "@/lib/reviews/reviews";
import { reviewPhotos, reviews } from "@/lib/reviews/schema";
import { enableCommerce, seedProduct } from "./support/commerce";
import { useTemporaryStorage } from "./support/files";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * Moderators see the photos of the reviews they decide on (docs/commerce.md, "Moderation"):
 * the queue lists a reported review's photos with moderator-only URLs, and
 * GET /api/moderation/review-photos/<id> serves the bytes to a signed-in platform moderator
 * only (`private, no-store`), a visible review's photo too. Everyone else gets 404: anon, the
 * review's author, the selling organisation's owner, another signed-in user, a revoked
 * moderator; and RLS shows them nothing more than before (migration 0022's policy).
 */
let world: OrganisationWorld;
let listingId: string;
let cleanStorage: () => Promise<void>;
let photo: ProcessedImage;
type User = Awaited<ReturnType<typeof createTestUser>>;
let moderator: User;
let author: User;
let stranger: User;
let reportedPhoto: string;
let visiblePhoto: string;
let reportedReview: string;
const jars = new Map<string, CookieJar>();
const db = () => getDb();

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function reviewWithPhoto(user: User, listing: string) {
  const { id } = done(
    await writeReview(user.claims, { listingId: listing, rating: 2, title: "", body: "Meh." }),
  );
  return { reviewId: id, photoId: done(await addReviewPhoto(user.claims, id, photo)).id };
}

async function jarOf(user: User | null): Promise<CookieJar> {
  if (!user) return new Map();
  const known = jars.get(user.userId);
  if (known) return known;
  const jar = await signInCookies(user);
  jars.set(user.userId, jar);
  return jar;
}

function get(photoId: string, jar: CookieJar) {
  const path = `/api/moderation/review-photos/${photoId}`;
  return callRoute(moderationPhotoRoute.GET, siteRequest(path, {}, jar), { photoId });
}

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  listingId = (await seedProduct(db(), world.a.id)).productId;
  await runAsSystem(db(), "test: publish", (tx) =>
    tx
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, listingId)),
  );
  const png = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const processed = await processImage(png, { maxSide: 1600 });
  if (typeof processed === "string") throw new Error(processed);
  photo = processed;
  moderator = await createTestUser(db(), "photo-moderator");
  author = await createTestUser(db(), "photo-author");
  stranger = await createTestUser(db(), "photo-stranger");
  const visibleAuthor = await createTestUser(db(), "photo-visible");
  await runAsSystem(db(), "test: moderator", async (tx) => {
    expect(await addModerator(tx, moderator.email)).toBe("added");
  });
  const reported = await reviewWithPhoto(author, listingId);
  reportedReview = reported.reviewId;
  reportedPhoto = reported.photoId;
  visiblePhoto = (await reviewWithPhoto(visibleAuthor, listingId)).photoId;
  await runAsSystem(db(), "test: report", (tx) =>
    tx
      .update(reviews)
      .set({ status: "reported", reportedAt: new Date(), reportReason: "Spam" })
      .where(eq(reviews.id, reportedReview)),
  );
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

describe("moderators see reviews' photos", () => {
  it("the queue lists a reported review's photos with moderator-only URLs", async () => {
    const { rows } = await listReportedReviews(moderator.claims, { page: 1, size: 100 });
    const row = rows.find((review) => review.id === reportedReview);
    expect(row?.photos).toEqual([
      {
        id: reportedPhoto,
        url: `/api/moderation/review-photos/${reportedPhoto}`,
        width: 800,
        height: 600,
      },
    ]);
  });

  it("serves a reported review's photo to a moderator, private and never cached", async () => {
    const response = await get(reportedPhoto, await jarOf(moderator));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 800 });
    // The public route still hides it.
    const publicAnswer = await callRoute(
      publicPhotoRoute.GET,
      siteRequest(`/api/review-photos/${reportedPhoto}`),
      { photoId: reportedPhoto },
    );
    expect(publicAnswer.status).toBe(404);
  });

  it("serves a visible review's photo to a moderator too", async () => {
    const response = await get(visiblePhoto, await jarOf(moderator));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 404 to everyone else, for both photos", async () => {
    const others: [string, User | null][] = [
      ["anon", null],
      ["the review's author", author],
      ["the organisation's owner", world.a.members.owner],
      ["another signed-in user", stranger],
    ];
    for (const [label, user] of others) {
      for (const photoId of [reportedPhoto, visiblePhoto]) {
        const response = await get(photoId, await jarOf(user));
        expect({ label, status: response.status }).toEqual({ label, status: 404 });
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
      if (user) expect(await getModeratedReviewPhoto(user.claims, reportedPhoto)).toBeNull();
    }
  });

  it("answers 404 to a moderator for an unknown or malformed id", async () => {
    const jar = await jarOf(moderator);
    expect((await get("00000000-0000-4000-8000-000000000000", jar)).status).toBe(404);
    expect((await get("not-a-uuid", jar)).status).toBe(404);
  });

  it("RLS: only a live moderator reads a reported review's photo row", async () => {
    const read = (claims: UserClaims) =>
      runAsUser(db(), claims, (tx) =>
        tx
          .select({ id: reviewPhotos.id })
          .from(reviewPhotos)
          .where(eq(reviewPhotos.id, reportedPhoto)),
      );
    expect(await read(moderator.claims)).toHaveLength(1);
    // The author and the organisation read it under the reviews' own policies, as before.
    expect(await read(stranger.claims)).toHaveLength(0);
    const anon = await runAsAnon(db(), (tx) =>
      tx
        .select({ id: reviewPhotos.id })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.id, reportedPhoto)),
    );
    expect(anon).toHaveLength(0);
  });

  it("a revoked moderator gets 404 at once", async () => {
    const former = await createTestUser(db(), "photo-former");
    await runAsSystem(db(), "test: moderator", (tx) => addModerator(tx, former.email));
    const jar = await jarOf(former);
    expect((await get(reportedPhoto, jar)).status).toBe(200);
    await runAsSystem(db(), "test: revoke", (tx) => removeModerator(tx, former.email));
    expect((await get(reportedPhoto, jar)).status).toBe(404);
    const rows = await runAsUser(db(), former.claims, (tx) =>
      tx
        .select({ id: reviewPhotos.id })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.id, reportedPhoto)),
    );
    expect(rows).toHaveLength(0);
  });
});
