import { z } from "zod";
import { textRule } from "@/lib/validation/text";
import { versionSchema } from "@/lib/validation/version";

/** The FAQ forms' schemas, shared by the browser and the server actions. */
export const faqLimits = { question: 300, answer: 4000, count: 100 } as const;

const question = z.string().trim().check(textRule()).min(1).max(faqLimits.question);
const answer = z
  .string()
  .trim()
  .check(textRule({ multiline: true }))
  .min(1)
  .max(faqLimits.answer);

export const createFaqSchema = z.object({ question, answer });
export type CreateFaqInput = z.input<typeof createFaqSchema>;

export const updateFaqSchema = z.object({
  faqId: z.uuid(),
  /** The version the form was opened on (two editors at once: the later save is stale). */
  version: versionSchema,
  question,
  answer,
});
export type UpdateFaqInput = z.input<typeof updateFaqSchema>;

export const deleteFaqSchema = z.object({ faqId: z.uuid() });

export const moveFaqSchema = z.object({ faqId: z.uuid(), direction: z.enum(["up", "down"]) });
