import type { FieldErrors } from "@/lib/validation/parse";

/** Expected failures of the address actions: keys of `addresses.errors`. */
export type AddressErrorCode = "notFound" | "stale" | "limitReached";

/**
 * What the address form's action answers (read with useActionState). A success redirects
 * to the list instead. The submitted values come back with a refusal so that a form posted
 * without JavaScript is shown again as it was typed.
 */
export type AddressFormState =
  | { status: "idle" }
  | { status: "invalid"; fieldErrors: FieldErrors; values: Record<string, string> }
  | { status: "error"; code: AddressErrorCode; values: Record<string, string> }
  | { status: "failed"; requestId: string; values: Record<string, string> };

export const initialAddressFormState: AddressFormState = { status: "idle" };

/** The notice the list shows after a write (`?done=` / `?error=`). */
export const addressNotices = ["created", "saved", "deleted", "defaultSet"] as const;
export type AddressNotice = (typeof addressNotices)[number];
