/** The gallery's limits (lib/listings/gallery.ts), shared with the editor and the seed. */
export const GALLERY_MAX_IMAGES = 12;
/** The largest upload read (the pictures are re-encoded to far less). */
export const LISTING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side kept: the product page shows at most about 1,000 CSS px at 2×. */
export const LISTING_IMAGE_MAX_SIDE = 2000;
/** The longest alternative text (the column's check says the same). */
export const ALT_TEXT_MAX = 250;
export const LISTINGS_FOLDER = ".listings";
