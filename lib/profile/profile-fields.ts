/**
 * The profile form's fields and limits, without zod: the form reads them at render, the
 * schema (profile-schema.ts) is loaded on its first submit (components/auth/form-schemas.ts).
 */
export const profileLimits = { displayName: { min: 2, max: 60 } } as const;

export const profileFields = ["displayName", "locale", "marketingConsent"] as const;
export type ProfileField = (typeof profileFields)[number];
