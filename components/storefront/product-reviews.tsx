import { Picture } from "@/components/ui/picture";
import { getFormatter, getTranslations } from "next-intl/server";
import { Icon } from "@/components/ui/icon";
import type { PublicProduct } from "@/lib/listings/public-products";
import { REVIEW_PHOTOS_MAX } from "@/lib/reviews/review-photo-rules";
import { cachedListingReviews } from "@/lib/reviews/reviews";
import { OwnReview } from "./own-review";
import type { ReviewAction } from "./review-form";

/**
 * A listing's reviews: the rating summary (average, count, per-star bars), the latest
 * reviews with the seller's answers, and the shopper's own review form, an island that asks
 * for the person in the browser (own-review.tsx): the page is the same for everyone and
 * cached (issue 11 §6).
 */
export async function ProductReviews({
  product,
  actions,
}: {
  product: PublicProduct;
  actions: { write: ReviewAction; update: ReviewAction; remove: ReviewAction };
}) {
  const [t, te, format, list] = await Promise.all([
    getTranslations("storefront.reviews"),
    getTranslations("backoffice.errors"),
    getFormatter(),
    cachedListingReviews(product.id),
  ]);
  const histogram = product.ratingHistogram;
  const photoNumbers = Array.from({ length: REVIEW_PHOTOS_MAX }, (_, i) => i + 1);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  return (
    <section aria-labelledby="reviews" className="flex flex-col gap-4">
      <h2 id="reviews" className="text-xl font-semibold">
        {t("title")}
      </h2>
      {product.ratingCount > 0 && product.ratingAverage !== null ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
          <p className="text-3xl font-bold">
            {format.number(product.ratingAverage, { maximumFractionDigits: 1 })}
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {t("summary", { count: product.ratingCount })}
            </span>
          </p>
          <ul className="flex flex-1 flex-col gap-1" aria-label={t("distribution")}>
            {[5, 4, 3, 2, 1].map((stars) => {
              const n = histogram[stars - 1] ?? 0;
              const share = product.ratingCount ? Math.round((n / product.ratingCount) * 100) : 0;
              return (
                <li key={stars} className="flex items-center gap-2 text-sm">
                  <span className="w-16 shrink-0">{t("stars", { stars })}</span>
                  <span
                    className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
                    aria-hidden
                  >
                    <span className="block h-full bg-primary" style={{ width: `${share}%` }} />
                  </span>
                  <span className="w-10 text-right text-muted-foreground">{format.number(n)}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      )}
      {list.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {list.map((review) => (
            <li key={review.id} className="flex flex-col gap-1 p-4">
              <p className="flex flex-wrap items-center gap-x-3 text-sm">
                <span
                  className="font-semibold"
                  role="img"
                  aria-label={t("ratedOutOf", { rating: review.rating })}
                >
                  {Array.from({ length: 5 }, (_, i) => (
                    <Icon
                      key={i}
                      name="star"
                      className={
                        i < review.rating
                          ? "inline size-4 fill-current text-primary-text"
                          : "inline size-4 text-muted-foreground"
                      }
                    />
                  ))}
                </span>
                <span>{review.authorName || t("anonymous")}</span>
                <span className="text-muted-foreground">{date(review.createdAt)}</span>
                {review.verified ? (
                  <span className="badge badge-secondary">{t("verified")}</span>
                ) : null}
              </p>
              {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
              <p className="whitespace-pre-line break-words">{review.body}</p>
              {review.photos.length > 0 ? (
                <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("photos")}>
                  {review.photos.map((photo, index) => (
                    <li key={photo.id}>
                      <a
                        href={photo.url}
                        className="block overflow-hidden rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        <Picture
                          src={photo.url}
                          alt={t("photoOf", {
                            number: index + 1,
                            name: review.authorName || t("anonymous"),
                          })}
                          width={photo.width}
                          height={photo.height}
                          sizes="96px"
                          className="size-24 object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              {review.reply ? (
                <div className="mt-2 rounded-card bg-surface-2 p-3 text-sm">
                  <p className="font-medium">{t("reply", { name: product.seller?.name ?? "" })}</p>
                  <p className="whitespace-pre-line break-words">{review.reply}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <OwnReview
        listingId={product.id}
        signInHref={`/login?redirect=${encodeURIComponent(`/commerce/product/${product.id}`)}`}
        actions={actions}
        maxPhotos={REVIEW_PHOTOS_MAX}
        labels={{
          signIn: t("signIn"),
          ownRemoved: t("ownRemoved"),
          ownReported: t("ownReported"),
          ownVerified: t("verified"),
          heading: t("write"),
          editHeading: t("edit"),
          rating: t("rating"),
          stars: [1, 2, 3, 4, 5].map((stars) => t("stars", { stars })),
          title: t("titleField"),
          body: t("body"),
          submit: t("submit"),
          save: t("save"),
          remove: t("remove"),
          saving: t("saving"),
          saved: t("saved"),
          removed: t("removed"),
          invalid: t("invalid"),
          photos: t("photosField"),
          photosHint: t("photosHint", { max: REVIEW_PHOTOS_MAX }),
          photo: photoNumbers.map((number) => t("ownPhoto", { number })),
          removePhoto: photoNumbers.map((number) => t("removePhoto", { number })),
          uploadingPhotos: t("uploadingPhotos"),
          errors: {
            notFound: te("notFound"),
            alreadyReviewed: te("alreadyReviewed"),
            profileRequired: te("profileRequired"),
            photosFull: te("photosFull"),
            imageTooLarge: te("imageTooLarge"),
            imageUnreadable: te("imageUnreadable"),
            rateLimited: te("rateLimited"),
            failed: t("failed"),
          },
        }}
      />
    </section>
  );
}
