"use client";

import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { hasSessionCookie } from "@/components/layout/session-cookie";
import type { OwnReviewAnswer } from "@/lib/reviews/own-review-answer";
import type { ReviewAction, ReviewFormLabels } from "./review-form";

// Loaded for a signed-in visitor only: most visitors never need the form's code.
const ReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));

/**
 * The shopper's own part of a listing's reviews, on a page cached for everyone (issue 11 §6):
 * the server renders the sign-in link; in the browser, a visitor with a session cookie asks
 * `GET /api/listings/{id}/own-review` and gets the review form (empty or with their review),
 * or the notice that their review is hidden. The form's saves refresh the page and ask again.
 * Without JavaScript the link stays: the form needs the person, which a cached page has not.
 */
export function OwnReview({
  listingId,
  signInHref,
  labels,
  actions,
  maxPhotos,
}: {
  listingId: string;
  signInHref: string;
  labels: ReviewFormLabels & {
    signIn: string;
    ownRemoved: string;
    ownReported: string;
    /** "Verified purchase", shown on the author's own review when it is one. */
    ownVerified: string;
  };
  actions: { write: ReviewAction; update: ReviewAction; remove: ReviewAction };
  maxPhotos: number;
}) {
  const [answer, setAnswer] = useState<OwnReviewAnswer | null>(null);
  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/listings/${listingId}/own-review`, { cache: "no-store" });
      setAnswer(response.ok ? ((await response.json()) as OwnReviewAnswer) : null);
    } catch {
      setAnswer(null);
    }
  }, [listingId]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- asks the server once mounted
    if (hasSessionCookie(document.cookie)) void load();
  }, [load]);

  if (!answer?.signedIn) {
    return (
      <p className="text-sm">
        <a href={signInHref} className="text-primary-text underline underline-offset-4">
          {labels.signIn}
        </a>
      </p>
    );
  }
  const own = answer.review;
  const badge = own?.verified ? (
    <p className="text-sm" data-testid="own-review-verified">
      <span className="badge badge-secondary">{labels.ownVerified}</span>
    </p>
  ) : null;
  if (own && own.status !== "visible") {
    return (
      <>
        {badge}
        <p className="text-sm text-muted-foreground">
          {own.status === "removed" ? labels.ownRemoved : labels.ownReported}
        </p>
      </>
    );
  }
  return (
    <Suspense fallback={null}>
      {badge}
      <ReviewForm
        listingId={listingId}
        own={own}
        writeAction={actions.write}
        updateAction={actions.update}
        deleteAction={actions.remove}
        maxPhotos={maxPhotos}
        labels={labels}
        onChange={() => void load()}
      />
    </Suspense>
  );
}
