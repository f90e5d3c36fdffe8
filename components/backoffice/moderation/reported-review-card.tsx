import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { ListingKind } from "@/lib/commerce/catalogue-types";
import { listingPath } from "@/lib/listings/listing-path";
import { moderationLimits } from "@/lib/moderation/decision-schema";
import type { ReportedReview } from "@/lib/moderation/moderation";
import { ReviewDecision } from "./review-decision";

/** Moderators work across organisations' time zones: times carry their zone (UTC). */
const WHEN = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * One reported review in the moderators' queue: the listing (linked to its public page while
 * published) and its seller, the review with its photos (thumbnails opening the full
 * picture, served to moderators only), when and why it was reported, and the decision form
 * (not on the moderator's own review: another moderator decides on it).
 */
export async function ReportedReviewCard({ review }: { review: ReportedReview }) {
  const [t, format] = await Promise.all([
    getTranslations("reviewsAdmin.moderation"),
    getFormatter(),
  ]);
  const href = review.listingPublished
    ? listingPath(review.listingKind as ListingKind, review.listingId)
    : null;
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-card border border-border bg-surface p-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {href ? (
          <Link
            href={href}
            className="font-medium break-words text-primary-text underline-offset-4 hover:underline"
          >
            {review.listingTitle}
          </Link>
        ) : (
          <span className="font-medium break-words">{review.listingTitle}</span>
        )}
        {href ? null : <Badge>{t("notPublished")}</Badge>}
        <span className="text-muted-foreground">
          {t("organisation", { name: review.organisationName })}
        </span>
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{t("ratedOutOf", { rating: review.rating })}</span>
        <span>{review.authorName || t("anonymous")}</span>
        <span className="text-muted-foreground">
          {t("written", { date: format.dateTime(review.createdAt, WHEN) })}
        </span>
      </p>
      {review.title ? <h2 className="font-semibold break-words">{review.title}</h2> : null}
      <p className="break-words whitespace-pre-line">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("photos")}>
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a
                href={photo.url}
                target="_blank"
                rel="noopener"
                className="block overflow-hidden rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {/* Private to moderators (cookie-bound, no-store): not through the image
                    optimizer, which fetches without the session. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={photo.url}
                  alt={t("photoAlt", { number: index + 1, count: review.photos.length })}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  className="size-24 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="rounded-card bg-surface-2 p-3 text-sm">
        {review.reportedAt ? (
          <p className="text-muted-foreground">
            {t("reported", { date: format.dateTime(review.reportedAt, WHEN) })}
          </p>
        ) : null}
        <p className="break-words whitespace-pre-line">
          {t("reason", { reason: review.reportReason ?? "" })}
        </p>
      </div>
      {review.own ? (
        <p className="text-sm text-muted-foreground">{t("own")}</p>
      ) : (
        <ReviewDecision reviewId={review.id} noteMaxLength={moderationLimits.note} />
      )}
    </li>
  );
}
