/** The picture types people may upload (galleries, review photos): for file inputs' `accept`. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";
