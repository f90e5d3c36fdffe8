import { z } from "zod";
import { scheduleSchema } from "@/lib/schedules/schedule-schema";
import { textRule } from "@/lib/validation/text";

/**
 * The schedule form's schema in the browser: the shared schedule rules, plus the id and
 * version an edit carries. Its own module so that the form loads it (and zod) on first use.
 */
export const scheduleFormSchema = scheduleSchema.extend({
  scheduleId: z.string().check(textRule()).optional(),
  version: z.coerce.number().int().optional(),
});
