import type { AppErrorCode } from "@/lib/errors/app-error";
import type { FieldErrors } from "@/lib/validation/parse";

/**
 * What every back-office action answers (forms read it with useActionState):
 * - invalid: the shared schema refused the input (encoded spec §5 messages per field);
 * - error: an expected failure (a key of backoffice.errors), optionally on one field;
 * - failed: something unexpected (logged with its request id; a generic message);
 * - done: the write happened; `data` is what the handler returned.
 */
export type ActionState<T = null> =
  | { status: "idle" }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "error"; code: AppErrorCode; field?: string }
  | { status: "failed"; requestId: string }
  | { status: "done"; data: T };

export const idleState = { status: "idle" } as const satisfies ActionState<never>;
