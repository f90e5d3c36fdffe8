import { z } from "zod";
import { textRule } from "@/lib/validation/text";

/** A moderator's decision on a reported review (the queue's form and the server's check). */
export const moderationLimits = { note: 500 } as const;

export const reviewDecisions = ["restore", "remove"] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

export const decisionSchema = z.object({
  reviewId: z.string().trim().uuid(),
  decision: z.enum(reviewDecisions),
  /** Optional: why; kept in the audit entry of the review's organisation. */
  note: z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .max(moderationLimits.note)
    .optional()
    .default(""),
});
