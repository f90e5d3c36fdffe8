import { z } from "zod";
import { locales } from "@/lib/i18n/config";
import { textRule } from "@/lib/validation/text";
import { profileLimits } from "./profile-fields";

/**
 * The profile forms' one schema (create and update share it): the browser validates with it
 * (react-hook-form + validationResolver) and the server action again (parseWithValidation).
 * Messages come from the spec §5 error map.
 */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const profileSchema = z.object({
  displayName: z
    .string()
    .trim()
    .check(textRule())
    .min(1)
    .min(profileLimits.displayName.min)
    .max(profileLimits.displayName.max),
  locale: z.enum(locales),
  marketingConsent: checkbox,
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
export { profileFields, profileLimits, type ProfileField } from "./profile-fields";

/** The profile as the app hands it out (GET /api/profile/me, pages): plain JSON. */
export type Profile = {
  id: string;
  displayName: string;
  avatarUrl: string | null;
  phone: string | null;
  locale: string;
  marketingConsent: boolean;
  createdAt: string;
  updatedAt: string;
};
