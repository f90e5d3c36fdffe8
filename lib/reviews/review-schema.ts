import { z } from "zod";
import { textRule } from "@/lib/validation/text";

/** The review forms (the public page's and the back office's reply and report). */
export const reviewLimits = { title: 120, body: 5000, reply: 2000, reason: 500 } as const;

const uuidField = z.string().trim().uuid();

export const reviewSchema = z.object({
  listingId: uuidField,
  rating: z.coerce.number().int().min(1).max(5),
  title: z.string().trim().check(textRule()).max(reviewLimits.title),
  body: z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .min(1)
    .max(reviewLimits.body),
});
export const updateReviewSchema = reviewSchema.extend({ reviewId: uuidField });
export const deleteReviewSchema = z.object({ listingId: uuidField, reviewId: uuidField });

export const replySchema = z.object({
  reviewId: uuidField,
  reply: z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .max(reviewLimits.reply),
});
export const reportSchema = z.object({
  reviewId: uuidField,
  reason: z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .min(1)
    .max(reviewLimits.reason),
});
