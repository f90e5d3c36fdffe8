import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { ReviewDecision } from "@/components/backoffice/moderation/review-decision";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageLinks } from "@/components/ui/page-links";
import type { ListingKind } from "@/lib/commerce/catalogue-types";
import { moderationPath } from "@/lib/backoffice/navigation";
import { listingPath } from "@/lib/listings/listing-path";
import { moderationLimits } from "@/lib/moderation/decision-schema";
import { gateModerator, listReportedReviews } from "@/lib/moderation/moderation";
import { decideReviewAction } from "./actions";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 20;
/** Moderators work across organisations' time zones: times carry their zone (UTC). */
const WHEN = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
} as const satisfies Intl.DateTimeFormatOptions;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("reviewsAdmin.moderation");
  return { title: t("metaTitle") };
}

/**
 * The platform moderators' queue (404 for everyone else): every organisation's reported
 * reviews, oldest report first, 20 a page; restore or remove each, with an optional note.
 */
export default async function ModerationQueuePage({ searchParams }: Props) {
  const claims = await gateModerator();
  const raw = (await searchParams).page;
  const asked = Array.isArray(raw) ? raw[0] : raw;
  const page = asked && /^\d{1,5}$/.test(asked) ? Math.max(1, Number(asked)) : 1;
  const [t, format, queue] = await Promise.all([
    getTranslations("reviewsAdmin.moderation"),
    getFormatter(),
    listReportedReviews(claims, { page, size: PAGE_SIZE }),
  ]);
  const pages = Math.max(1, Math.ceil(queue.total / PAGE_SIZE));
  return (
    <ScreenMessages scope="moderation">
      <div className="mx-auto w-full max-w-5xl px-4 py-6 md:px-6">
        <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("eyebrow")}
        </p>
        <PageHeader title={t("title")} description={t("intro")} />
        <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
          {t("count", { count: queue.total })}
        </p>
        {queue.rows.length === 0 ? (
          <EmptyState title={t("emptyTitle")} description={t("emptyBody")} headingLevel="h2" />
        ) : (
          <ul className="flex flex-col gap-3">
            {queue.rows.map((review) => {
              const href = review.listingPublished
                ? listingPath(review.listingKind as ListingKind, review.listingId)
                : null;
              return (
                <li
                  key={review.id}
                  className="flex min-w-0 flex-col gap-2 rounded-card border border-border bg-surface p-4"
                >
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
                    <span className="font-semibold">
                      {t("ratedOutOf", { rating: review.rating })}
                    </span>
                    <span>{review.authorName || t("anonymous")}</span>
                    <span className="text-muted-foreground">
                      {t("written", { date: format.dateTime(review.createdAt, WHEN) })}
                    </span>
                  </p>
                  {review.title ? (
                    <h2 className="font-semibold break-words">{review.title}</h2>
                  ) : null}
                  <p className="break-words whitespace-pre-line">{review.body}</p>
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
                    <ReviewDecision
                      reviewId={review.id}
                      noteMaxLength={moderationLimits.note}
                      action={decideReviewAction}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <PageLinks
          page={queue.page}
          pages={pages}
          href={(n) => (n > 1 ? `${moderationPath}?page=${n}` : moderationPath)}
          labels={{
            navigation: t("pagination"),
            previous: t("previous"),
            next: t("next"),
            position: t("page", { page: queue.page, pages }),
          }}
        />
      </div>
    </ScreenMessages>
  );
}
