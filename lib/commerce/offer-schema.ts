import { z } from "zod";
import { offerKinds } from "./catalogue-types";
import { textRule } from "@/lib/validation/text";
import { isLocalDateTime } from "@/lib/validation/calendar";
import { versionSchema } from "@/lib/validation/version";

/**
 * The offer forms (back office, commerce/offer), shared by the browser and the server
 * actions. Times are typed as wall-clock times of the organisation's time zone
 * ("2026-12-01T09:00", a datetime-local input) and turned into instants by the command; a
 * fixed price is typed in major units ("19.99") and turned into minor units of the listing's
 * currency by the command, which also refuses a price at or above the product's. Messages
 * that are not spec §5 ones are `backoffice:<code>` keys of `backoffice.errors`.
 */
export const offerLimits = {
  title: { max: 120 },
  usageLimit: { max: 1_000_000 },
  percent: { min: 1, max: 90 },
} as const;

export const offerMessage = {
  endsBeforeStart: "backoffice:offerEndsBeforeStart",
  percentRange: "backoffice:offerPercentRange",
  amount: "backoffice:amountInvalid",
} as const;

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const AMOUNT = /^\d{1,8}(?:\.\d{1,3})?$/;
const WHOLE = /^\d{1,7}$/;

const uuidField = z.string().trim().uuid();
const localTime = z.string().trim().check(textRule()).regex(LOCAL_TIME).refine(isLocalDateTime);

const offerFields = z.object({
  listingId: uuidField,
  title: z.string().trim().check(textRule()).min(1).max(offerLimits.title.max),
  kind: z.enum(offerKinds),
  /** A percent (whole number) or a price in major units, by `kind`. */
  value: z.string().trim().check(textRule()).min(1).max(12),
  startsAt: localTime,
  endsAt: localTime,
  /** Units that may be sold at the offer price; empty = no limit. */
  usageLimit: z
    .string()
    .trim()
    .check(textRule())
    .max(7)
    .optional()
    .refine(
      (v) => !v || (WHOLE.test(v) && Number(v) >= 1 && Number(v) <= offerLimits.usageLimit.max),
    )
    .transform((v) => (v ? Number(v) : null)),
});

type OfferFields = z.output<typeof offerFields>;

function checkOffer(values: OfferFields, ctx: z.RefinementCtx) {
  if (values.kind === "percentage") {
    const n = Number(values.value);
    if (!WHOLE.test(values.value) || n < offerLimits.percent.min || n > offerLimits.percent.max) {
      ctx.addIssue({ code: "custom", path: ["value"], message: offerMessage.percentRange });
    }
  } else if (!AMOUNT.test(values.value)) {
    ctx.addIssue({ code: "custom", path: ["value"], message: offerMessage.amount });
  }
  // Same format, so the strings order as the wall times do; the command checks the instants.
  if (LOCAL_TIME.test(values.startsAt) && values.endsAt <= values.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: offerMessage.endsBeforeStart });
  }
}

export const offerSchema = offerFields.superRefine(checkOffer);
export const updateOfferSchema = offerFields
  .extend({ offerId: uuidField, version: versionSchema })
  .superRefine(checkOffer);
export const offerRefSchema = z.object({ offerId: uuidField, version: versionSchema });

export type OfferInput = z.input<typeof offerSchema>;
export type OfferValues = z.output<typeof offerSchema>;

/** "2026-12-01T09:00" → UTC milliseconds of that wall time, as if it were UTC. */
export function localTimeToWall(text: string): number {
  const [date = "", time = ""] = text.split("T");
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, min);
}

/** An instant as a datetime-local value in a time zone ("2026-12-01T09:00"). */
export function instantToLocalTime(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A new offer's suggested times: from now for a week, as datetime-local values. */
export function newOfferTimes(
  timeZone: string,
  now = new Date(),
): {
  startsAt: string;
  endsAt: string;
} {
  return {
    startsAt: instantToLocalTime(now, timeZone),
    endsAt: instantToLocalTime(new Date(now.getTime() + 7 * 24 * 3_600_000), timeZone),
  };
}
