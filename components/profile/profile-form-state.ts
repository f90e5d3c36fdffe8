import type { FieldErrors } from "@/lib/validation/parse";

/** What the profile actions answer to the form. */
export type ProfileFormState =
  | { status: "idle" }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "saved"; target: string }
  | { status: "signedOut" }
  | { status: "failed" };

export const initialProfileState: ProfileFormState = { status: "idle" };
