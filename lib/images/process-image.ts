import "server-only";
import sharp from "sharp";

/**
 * Pictures people upload (listing galleries, review photos) are decoded and encoded again
 * before anything is stored: the stored file is a WebP we wrote, never the uploaded bytes. This
 * proves the bytes are an image (not a script with an image's name), applies the camera's
 * orientation, drops the metadata (EXIF GPS positions, camera serials), and caps the size at
 * what the pages ever show. Decoding is bounded: a "decompression bomb" (a small file that
 * claims a huge canvas) is refused from its header before its pixels are read.
 */

/** The formats accepted (by their decoded content, whatever the name or declared type says). */
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp", "avif"] as const;

/** The largest canvas decoded: 40 megapixels (a 7,700 × 5,200 photo). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageRefusal = "imageUnreadable" | "imageTooLarge";

export interface ProcessedImage {
  bytes: Uint8Array;
  contentType: "image/webp";
  width: number;
  height: number;
}

/**
 * Decodes `input`, fits it within `maxSide` × `maxSide` (never enlarged) and encodes WebP.
 * Answers the refusal instead when the bytes are not an accepted image or the canvas is too big.
 */
export async function processImage(
  input: Uint8Array,
  options: { maxSide: number; quality?: number },
): Promise<ProcessedImage | ImageRefusal> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  } catch {
    return "imageUnreadable";
  }
  if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format)) {
    return "imageUnreadable";
  }
  if (pixels === 0) return "imageUnreadable";
  if (pixels > MAX_IMAGE_PIXELS) return "imageTooLarge";
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 })
      .rotate()
      .resize({
        width: options.maxSide,
        height: options.maxSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType: "image/webp",
      width: info.width,
      height: info.height,
    };
  } catch {
    return "imageUnreadable";
  }
}
