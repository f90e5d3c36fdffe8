// First: it makes AsyncLocalStorage available to the route handler modules imported below.
import { callRoute, signInCookies, siteRequest, type CookieJar } from "./support/request-scope";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/listings/[listingId]/own-review/route";
import type { ActionState } from "@/lib/backoffice/action-state";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { listings } from "@/lib/listings/schema";
import type { OwnReviewAnswer } from "@/lib/reviews/own-review-answer";
import { writeReview } from "@/lib/reviews/reviews";
import { reviews } from "@/lib/reviews/schema";
import { enableCommerce, seedProduct } from "./support/commerce";
import { createOrganisationWorld, createTestUser } from "./support/organisations";

/**
 * GET /api/listings/{id}/own-review: the review form's island on a product page that is cached
 * for everyone (issue 11 §6) asks who it is drawing for. Each person gets their own review,
 * whatever its status; nobody gets another's; no session, no review.
 */
const db = () => getDb();
let listingId: string;
let author: { userId: string; email: string; jar: CookieJar; reviewId: string };
let other: CookieJar;

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function ask(
  jar: CookieJar,
  id = listingId,
): Promise<{ status: number; body: OwnReviewAnswer; cache: string | null }> {
  const response = await callRoute(GET, siteRequest(`/api/listings/${id}/own-review`, {}, jar), {
    listingId: id,
  });
  return {
    status: response.status,
    body: (await response.json()) as OwnReviewAnswer,
    cache: response.headers.get("cache-control"),
  };
}

beforeAll(async () => {
  const world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  listingId = (await seedProduct(db(), world.a.id)).productId;
  await runAsSystem(db(), "test: publish", (tx) =>
    tx
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, listingId)),
  );
  const user = await createTestUser(db(), "own-review-author");
  const { id } = done(
    await writeReview(user.claims, { listingId, rating: 5, title: "Mine", body: "Good." }),
  );
  author = { ...user, jar: await signInCookies(user), reviewId: id };
  other = await signInCookies(await createTestUser(db(), "own-review-other"));
});

afterAll(async () => {
  await closeDb();
});

describe("GET /api/listings/{id}/own-review", () => {
  it("answers the author their review, never cached", async () => {
    const answer = await ask(author.jar);
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe("private, no-store");
    expect(answer.body.signedIn).toBe(true);
    expect(answer.body.review).toMatchObject({
      id: author.reviewId,
      rating: 5,
      title: "Mine",
      body: "Good.",
      status: "visible",
      photos: [],
    });
  });

  it("answers another person no review, and no session signed out", async () => {
    expect((await ask(other)).body).toEqual({ signedIn: true, review: null });
    expect((await ask(new Map())).body).toEqual({ signedIn: false, review: null });
  });

  it("still shows the author a reported review, with its status", async () => {
    await runAsSystem(db(), "test: report", (tx) =>
      tx
        .update(reviews)
        .set({ status: "reported", reportedAt: new Date(), reportReason: "spam" })
        .where(eq(reviews.id, author.reviewId)),
    );
    expect((await ask(author.jar)).body.review?.status).toBe("reported");
    expect((await ask(other)).body.review).toBeNull();
  });

  it("answers no review for an unknown or malformed listing", async () => {
    expect((await ask(author.jar, "00000000-0000-4000-8000-00000000ffff")).body.review).toBeNull();
    expect((await ask(author.jar, "not-a-uuid")).body).toEqual({ signedIn: true, review: null });
  });
});
