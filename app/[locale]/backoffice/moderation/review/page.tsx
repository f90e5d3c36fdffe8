import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ReportedReviewCard } from "@/components/backoffice/moderation/reported-review-card";
import { ReviewDecisions } from "@/components/backoffice/moderation/review-decision";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { EmptyState } from "@/components/ui/empty-state";
import { PageLinks } from "@/components/ui/page-links";
import { moderationPath } from "@/lib/backoffice/navigation";
import { gateModerator, listReportedReviews } from "@/lib/moderation/moderation";
import { decideReviewAction } from "./actions";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 20;

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
  const [t, queue] = await Promise.all([
    getTranslations("reviewsAdmin.moderation"),
    listReportedReviews(claims, { page, size: PAGE_SIZE }),
  ]);
  const pages = Math.max(1, Math.ceil(queue.total / PAGE_SIZE));
  return (
    <ScreenMessages scope="moderation">
      {/* Around the list and its empty state: the last decision empties the list. */}
      <ReviewDecisions action={decideReviewAction}>
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
              {queue.rows.map((review) => (
                <ReportedReviewCard key={review.id} review={review} />
              ))}
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
      </ReviewDecisions>
    </ScreenMessages>
  );
}
