import { Picture } from "@/components/ui/picture";
import { Icon } from "@/components/ui/icon";
import type { ProductCategory } from "@/lib/commerce/catalogue-types";
import type { CardCover } from "@/lib/listings/public-products";
import { categoryIcon } from "./category-icon";

/**
 * A product's pictures on its page, without JavaScript: the pictures side by side in a row
 * that snaps one at a time (swipe, scroll or the keyboard), and below it numbered thumbnails
 * that link to each. The first picture is the page's largest content, so it is preloaded.
 * Without pictures, the category's icon holds the place.
 */
export function ProductGallery({
  images,
  title,
  category,
  labels,
}: {
  images: CardCover[];
  title: string;
  category: ProductCategory;
  labels: { noPicture: string; pictures: string; show: (n: number) => string };
}) {
  if (images.length === 0) {
    return (
      <div
        className="flex aspect-square items-center justify-center rounded-card border border-border bg-surface-2 text-muted-foreground"
        role="img"
        aria-label={labels.noPicture}
      >
        <Icon name={categoryIcon(category)} className="size-24" />
      </div>
    );
  }
  const alt = (image: CardCover, index: number) =>
    image.alt || (index === 0 ? title : `${title} (${index + 1})`);
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="product-gallery">
      <ul
        className="flex snap-x snap-mandatory overflow-x-auto rounded-card border border-border bg-surface-2 [scrollbar-width:thin]"
        aria-label={labels.pictures}
        tabIndex={images.length > 1 ? 0 : undefined}
      >
        {images.map((image, index) => (
          <li
            key={image.url}
            id={`picture-${index + 1}`}
            className="flex aspect-square w-full shrink-0 snap-center items-center justify-center"
          >
            <Picture
              src={image.url}
              alt={alt(image, index)}
              width={image.width}
              height={image.height}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw"
              priority={index === 0}
              className="size-full object-contain"
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.url}>
              <a
                href={`#picture-${index + 1}`}
                className="block size-16 overflow-hidden rounded-md border border-border bg-surface-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={labels.show(index + 1)}
              >
                <Picture
                  src={image.url}
                  alt=""
                  width={image.width}
                  height={image.height}
                  sizes="64px"
                  className="size-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
