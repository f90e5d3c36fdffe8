/** A review's photos' limits (lib/reviews/review-photos.ts), shared with the review form. */
export const REVIEW_PHOTOS_MAX = 3;
/** The largest upload read (the photo is re-encoded to far less). */
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side kept. */
export const REVIEW_PHOTO_MAX_SIDE = 1600;
