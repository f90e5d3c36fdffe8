/**
 * The largest body each form's server action accepts, by the page the form posts to (a
 * server action posts to the page it runs on). Set from the form's own field limits with room
 * for encoding (UTF-8 up to 4 bytes a character, JSON escapes, multipart headers). Files never
 * travel through actions: uploads go to their route handlers (storage, logo), which check
 * their own sizes. Kept free of imports: next.config.ts reads it for Next's own limit.
 */
export const KIB = 1024;

/** Every form not listed below (profile, roles, FAQ ≤ 4,300 chars, contact ≤ 5,500 chars, …). */
export const DEFAULT_ACTION_BODY_LIMIT = 64 * KIB;

export const actionBodyLimits: ReadonlyArray<{ form: string; path: RegExp; bytes: number }> = [
  {
    // Weekly hours (7 × 8 intervals) and up to 100 dated exceptions with a 200-character note
    // each: about 120 kB at most.
    form: "schedule editor",
    path: /^\/backoffice\/organisation\/[^/]+\/settings\/schedule(?:\/|$)/,
    bytes: 256 * KIB,
  },
];

/** The limit of an action posted to `pathname`. */
export function actionBodyLimit(pathname: string): number {
  return (
    actionBodyLimits.find((entry) => entry.path.test(pathname))?.bytes ?? DEFAULT_ACTION_BODY_LIMIT
  );
}

/** The largest of all: Next's own `serverActions.bodySizeLimit` (the proxy refuses first). */
export const MAX_ACTION_BODY_BYTES = Math.max(
  DEFAULT_ACTION_BODY_LIMIT,
  ...actionBodyLimits.map((entry) => entry.bytes),
);
