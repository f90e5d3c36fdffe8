/** Shape of `builds/latest.json`, written after each build and replaced by a deploy. */
export type LatestBuild = { buildId: string; builtAt?: string };

/** How often a visible page asks whether a new build was deployed. */
export const VERSION_POLL_INTERVAL_MS = 60_000;

/**
 * Whether the deployed build differs from the one this page runs. Unknown ids (not loaded yet,
 * a development server without builds/latest.json) never count as a new version.
 */
export function isNewBuild(
  currentBuildId: string | null | undefined,
  latestBuildId: string | null | undefined,
): boolean {
  const current = currentBuildId?.trim();
  const latest = latestBuildId?.trim();
  if (!current || !latest) return false;
  return current !== latest;
}

/**
 * Parses a builds/latest.json body; null when it is not one. Hand-checked (no zod): this
 * runs in every page's first-load JavaScript.
 */
export function parseLatestBuild(body: unknown): LatestBuild | null {
  if (typeof body !== "object" || body === null) return null;
  const { buildId, builtAt } = body as { buildId?: unknown; builtAt?: unknown };
  if (typeof buildId !== "string" || !buildId.trim()) return null;
  if (builtAt !== undefined && typeof builtAt !== "string") return null;
  return builtAt === undefined ? { buildId: buildId.trim() } : { buildId: buildId.trim(), builtAt };
}
