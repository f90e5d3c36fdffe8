import type { Metadata } from "next";
import Link from "next/link";
import { PageLinks } from "@/components/ui/page-links";
import { getFormatter, getTranslations } from "next-intl/server";
import { ReviewAnswer } from "@/components/backoffice/commerce/review-answer";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listOrganisationReviews, reviewedListings } from "@/lib/reviews/reviews";
import { replyReviewAction, reportReviewAction } from "./actions";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("reviewsAdmin");
  return { title: t("metaTitle") };
}

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/**
 * Every review of the organisation's listings, newest first, filtered by listing, rating and
 * "verified purchase" (a GET form): answer publicly, or report one to moderation (hidden
 * until a moderator decides).
 */
export default async function ReviewsPage({ params, searchParams }: Props) {
  const { access } = await gatePage((await params).organisationId, "reviews.review.read");
  const query = await searchParams;
  const listingId = one(query.listing) || null;
  const rating = /^[1-5]$/.test(one(query.rating)) ? Number(one(query.rating)) : null;
  const verified = one(query.verified) === "1";
  const page = /^\d{1,4}$/.test(one(query.page)) ? Math.max(1, Number(one(query.page))) : 1;
  const [t, format, { rows, total, page: current }, listingsWithReviews] = await Promise.all([
    getTranslations("reviewsAdmin"),
    getFormatter(),
    listOrganisationReviews(access.claims, access.organisation.id, {
      page,
      size: PAGE_SIZE,
      listingId,
      rating,
      verified,
    }),
    reviewedListings(access.claims, access.organisation.id),
  ]);
  const base = organisationPath(access.organisation.id, "/review");
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageLink = (n: number) => {
    const q = new URLSearchParams();
    if (listingId) q.set("listing", listingId);
    if (rating) q.set("rating", String(rating));
    if (verified) q.set("verified", "1");
    if (n > 1) q.set("page", String(n));
    return `${base}${q.size ? `?${q}` : ""}`;
  };
  const canReply = access.can("reviews.review.reply");
  const canReport = access.can("reviews.review.report");
  return (
    <ScreenMessages scope="reviews">
      <PageHeader title={t("title")} description={t("intro")} />
      <form
        method="get"
        role="search"
        aria-label={t("filters")}
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_auto] sm:items-end"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="review-listing" className="text-sm font-medium">
            {t("listing")}
          </label>
          <select
            id="review-listing"
            name="listing"
            defaultValue={listingId ?? ""}
            className="field-control h-10"
          >
            <option value="">{t("anyListing")}</option>
            {listingsWithReviews.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="review-rating" className="text-sm font-medium">
            {t("rating")}
          </label>
          <select
            id="review-rating"
            name="rating"
            defaultValue={rating ?? ""}
            className="field-control h-10"
          >
            <option value="">{t("anyRating")}</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {t("stars", { stars })}
              </option>
            ))}
          </select>
        </div>
        <div className="flex h-10 items-center gap-2">
          <input
            id="review-verified"
            type="checkbox"
            name="verified"
            value="1"
            defaultChecked={verified}
            className="size-4"
          />
          <label htmlFor="review-verified" className="text-sm font-medium">
            {t("verifiedOnly")}
          </label>
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          {t("apply")}
        </button>
      </form>
      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        {t("count", { count: total })}
      </p>
      {rows.length === 0 ? (
        <EmptyState title={t("emptyTitle")} description={t("emptyBody")} headingLevel="h2" />
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((review) => (
            <li
              key={review.id}
              className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold">{t("ratedOutOf", { rating: review.rating })}</span>
                <span>{review.authorName || t("anonymous")}</span>
                <span className="text-muted-foreground">
                  {format.dateTime(review.createdAt, {
                    dateStyle: "medium",
                    timeZone: access.organisation.timeZone,
                  })}
                </span>
                {review.verified ? <Badge variant="secondary">{t("verified")}</Badge> : null}
                {review.status !== "visible" ? (
                  <Badge variant="danger">{t(`statuses.${review.status}`)}</Badge>
                ) : null}
              </div>
              <p className="text-sm">
                <Link
                  href={`/commerce/product/${review.listingId}`}
                  className="text-primary-text underline-offset-4 hover:underline"
                >
                  {review.listingTitle}
                </Link>
              </p>
              {review.title ? <h2 className="font-semibold break-words">{review.title}</h2> : null}
              <p className="whitespace-pre-line break-words">{review.body}</p>
              {review.reportReason ? (
                <p className="text-sm text-muted-foreground">
                  {t("reportedBecause", { reason: review.reportReason })}
                </p>
              ) : null}
              {!canReply && review.reply ? (
                <p className="rounded-card bg-surface-2 p-3 text-sm whitespace-pre-line">
                  {review.reply}
                </p>
              ) : null}
              <ReviewAnswer
                organisationId={access.organisation.id}
                reviewId={review.id}
                reply={review.reply}
                canReply={canReply}
                canReport={canReport && review.status === "visible"}
                replyAction={replyReviewAction}
                reportAction={reportReviewAction}
              />
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={current}
        pages={pages}
        href={pageLink}
        labels={{
          navigation: t("pagination"),
          previous: t("previous"),
          next: t("next"),
          position: t("page", { page: current, pages }),
        }}
      />
    </ScreenMessages>
  );
}
