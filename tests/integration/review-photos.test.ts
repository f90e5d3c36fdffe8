import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/backoffice/action-state";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { processImage, type ProcessedImage } from "@/lib/images/process-image";
import { listings } from "@/lib/listings/schema";
import {
  addReviewPhoto,
  getPublicReviewPhoto,
  removeReviewPhoto,
  REVIEW_PHOTOS_MAX,
} from "@/lib/reviews/review-photos";
import { deleteReview, ownReview, writeReview } from "@/lib/reviews/reviews";
import { reviewPhotos, reviews } from "@/lib/reviews/schema";
import { getStorage } from "@/lib/storage/storage";
import { enableCommerce, seedProduct } from "./support/commerce";
import { useTemporaryStorage } from "./support/files";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * A review's photos (issue 11 §3): the author adds up to three to their visible review and
 * removes them; anyone sees them while the review is visible on a published listing; nobody
 * else adds or removes; a reported review's photos are hidden with it; deleting the review
 * removes the stored pictures.
 */
let world: OrganisationWorld;
let published: string;
let cleanStorage: () => Promise<void>;
let photo: ProcessedImage;
const db = () => getDb();

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  published = (await seedProduct(db(), world.a.id)).productId;
  await runAsSystem(db(), "test: publish", (tx) =>
    tx
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, published)),
  );
  const png = await sharp({
    create: { width: 2400, height: 1800, channels: 3, background: { r: 240, g: 200, b: 40 } },
  })
    .png()
    .toBuffer();
  const processed = await processImage(png, { maxSide: 1600 });
  if (typeof processed === "string") throw new Error(processed);
  photo = processed;
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function newReview(label: string): Promise<{ claims: UserClaims; reviewId: string }> {
  const author = await createTestUser(db(), label);
  const { id } = done(
    await writeReview(author.claims, { listingId: published, rating: 4, title: "", body: "Ok." }),
  );
  return { claims: author.claims, reviewId: id };
}

async function photosOf(reviewId: string) {
  return runAsSystem(db(), "test", (tx) =>
    tx
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.reviewId, reviewId))
      .orderBy(asc(reviewPhotos.position)),
  );
}

const stored = async (reviewId: string) => (await getStorage().list(`reviews/${reviewId}/`)).length;

describe("a review's photos", () => {
  it("are added by the author, re-encoded, and shown to anyone with the review", async () => {
    const { claims, reviewId } = await newReview("photographer");
    const added = done(await addReviewPhoto(claims, reviewId, photo));
    expect(added.tags).toEqual([`listing:${published}`, "listings:product"]);
    const [row] = await photosOf(reviewId);
    expect(row).toMatchObject({
      organisationId: world.a.id,
      contentType: "image/webp",
      width: 1600,
      height: 1200,
      position: 0,
    });
    expect(await stored(reviewId)).toBe(1);
    expect(await getPublicReviewPhoto(added.id)).toMatchObject({ contentType: "image/webp" });
    const own = await ownReview(claims, published);
    expect(own?.photos).toEqual([
      { id: added.id, url: `/api/review-photos/${added.id}`, width: 1600, height: 1200 },
    ]);
  });

  it(`hold at most ${REVIEW_PHOTOS_MAX}; a refused one stores nothing`, async () => {
    const { claims, reviewId } = await newReview("many");
    for (let i = 0; i < REVIEW_PHOTOS_MAX; i++) done(await addReviewPhoto(claims, reviewId, photo));
    expect(await addReviewPhoto(claims, reviewId, photo)).toEqual({
      status: "error",
      code: "photosFull",
      field: "photos",
    });
    expect(await photosOf(reviewId)).toHaveLength(REVIEW_PHOTOS_MAX);
    expect(await stored(reviewId)).toBe(REVIEW_PHOTOS_MAX);
  });

  it("are added and removed by nobody but the author, in code and under RLS", async () => {
    const { claims, reviewId } = await newReview("owner-of-photos");
    const { id: photoId } = done(await addReviewPhoto(claims, reviewId, photo));
    const stranger = await createTestUser(db(), "stranger");
    const seller = world.a.members.owner.claims;
    for (const who of [stranger.claims, seller]) {
      expect(await addReviewPhoto(who, reviewId, photo)).toEqual({
        status: "error",
        code: "notFound",
      });
      expect(await removeReviewPhoto(who, reviewId, photoId)).toEqual({
        status: "error",
        code: "notFound",
      });
      const deleted = await runAsUser(db(), who, (tx) =>
        tx.delete(reviewPhotos).where(eq(reviewPhotos.id, photoId)).returning(),
      );
      expect(deleted).toHaveLength(0);
    }
    expect(await addReviewPhoto(null, reviewId, photo)).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(await photosOf(reviewId)).toHaveLength(1);
    expect(await stored(reviewId)).toBe(1);
  });

  it("are removed by the author with their stored picture; the rest keep their order", async () => {
    const { claims, reviewId } = await newReview("remover");
    const first = done(await addReviewPhoto(claims, reviewId, photo));
    const second = done(await addReviewPhoto(claims, reviewId, photo));
    done(await removeReviewPhoto(claims, reviewId, first.id));
    const third = done(await addReviewPhoto(claims, reviewId, photo));
    expect((await photosOf(reviewId)).map((p) => p.id)).toEqual([second.id, third.id]);
    expect(await stored(reviewId)).toBe(2);
  });

  it("are hidden, and frozen, while the review is reported", async () => {
    const { claims, reviewId } = await newReview("reported");
    const { id: photoId } = done(await addReviewPhoto(claims, reviewId, photo));
    await runAsSystem(db(), "test: report", (tx) =>
      tx
        .update(reviews)
        .set({ status: "reported", reportedAt: new Date(), reportReason: "spam" })
        .where(eq(reviews.id, reviewId)),
    );
    expect(await getPublicReviewPhoto(photoId)).toBeNull();
    const seenByAnon = await runAsAnon(db(), (tx) =>
      tx.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId)),
    );
    expect(seenByAnon).toHaveLength(0);
    expect(await addReviewPhoto(claims, reviewId, photo)).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(await removeReviewPhoto(claims, reviewId, photoId)).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(await photosOf(reviewId)).toHaveLength(1);
  });

  it("leave the storage with their review", async () => {
    const { claims, reviewId } = await newReview("leaver");
    done(await addReviewPhoto(claims, reviewId, photo));
    done(await addReviewPhoto(claims, reviewId, photo));
    expect(await stored(reviewId)).toBe(2);
    done(await deleteReview(claims, { reviewId, listingId: published }));
    expect(await photosOf(reviewId)).toHaveLength(0);
    expect(await stored(reviewId)).toBe(0);
  });
});
