import { z } from "zod";
import { textRule } from "@/lib/validation/text";
import { discountKinds } from "./kinds";
import { checkbox, percentToBasisPoints } from "./settings-schema";
import { isLocalDateTime } from "@/lib/validation/calendar";
import { versionSchema } from "@/lib/validation/version";

/**
 * The discount-code forms (back office, commerce/discount), shared by the browser and the
 * server actions. A code is 3–32 letters, digits, `-` or `_` (stored upper-cased, unique per
 * organisation whatever the case); a percentage is typed like "10" or "12.5" (0.01–100), an
 * amount in major units of the organisation's currency; start and end are optional
 * datetime-local values in the organisation's time zone; the limits are optional whole numbers.
 */
export const discountLimits = {
  code: { min: 3, max: 32 },
  usageLimit: { max: 1_000_000 },
} as const;

const CODE = /^[A-Za-z0-9_-]{3,32}$/;
const AMOUNT = /^\d{1,8}(?:\.\d{1,3})?$/;
const WHOLE = /^\d{1,7}$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .check(textRule())
    .max(max)
    .optional()
    .transform((v) => v || null);

const optionalLimit = optionalText(7)
  .refine((v) => v === null || (WHOLE.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000))
  .transform((v) => (v === null ? null : Number(v)));

const discountFields = z.object({
  code: z
    .string()
    .trim()
    .check(textRule())
    .regex(CODE, { message: "backoffice:discountCodeFormat" })
    .transform((v) => v.toUpperCase()),
  kind: z.enum(discountKinds),
  /** A percentage or an amount in major units, by `kind`. */
  value: z.string().trim().check(textRule()).min(1).max(12),
  minSubtotal: optionalText(12).refine((v) => v === null || AMOUNT.test(v), {
    message: "backoffice:amountInvalid",
  }),
  startsAt: optionalText(16).refine((v) => v === null || isLocalDateTime(v)),
  endsAt: optionalText(16).refine((v) => v === null || isLocalDateTime(v)),
  usageLimit: optionalLimit,
  perCustomerLimit: optionalLimit,
});

type DiscountFields = z.output<typeof discountFields>;

function checkDiscount(values: DiscountFields, ctx: z.RefinementCtx) {
  if (values.kind === "percent") {
    const bp = percentToBasisPoints(values.value);
    if (bp === null || bp < 1) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "backoffice:discountPercentRange" });
    }
  } else if (!AMOUNT.test(values.value)) {
    ctx.addIssue({ code: "custom", path: ["value"], message: "backoffice:amountInvalid" });
  }
  if (values.startsAt && values.endsAt && values.endsAt <= values.startsAt) {
    ctx.addIssue({
      code: "custom",
      path: ["endsAt"],
      message: "backoffice:discountEndsBeforeStart",
    });
  }
}

export const discountSchema = discountFields.superRefine(checkDiscount);
export const updateDiscountSchema = discountFields
  .extend({
    discountCodeId: z.string().trim().uuid(),
    version: versionSchema,
  })
  .superRefine(checkDiscount);
export const discountActiveSchema = z.object({
  discountCodeId: z.string().trim().uuid(),
  version: versionSchema,
  active: checkbox,
});

export type DiscountInput = z.input<typeof discountSchema>;
export type DiscountValues = z.output<typeof discountSchema>;
