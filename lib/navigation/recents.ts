import { z } from "zod";
import { RECENTS_KEPT, RECENTS_SHOWN } from "./categories";

/** localStorage key; the version changes when the stored shape does. */
export const RECENTS_STORAGE_KEY = "livemarket.quickAccess.recents.v1";

/** A recent entry (spec §3): kept with the title it was recorded with. */
export const recentEntrySchema = z.object({
  title: z.string().min(1),
  icon: z.string().min(1).default("folder"),
  description: z.string().default(""),
  /** Same-site paths only ("//host" and "/\\host" would leave the site). */
  url: z.string().regex(/^\/(?![/\\])/),
  path: z.array(z.string()).default([]),
});

export type RecentEntry = z.infer<typeof recentEntrySchema>;

/** Newest first; an entry with the same title is replaced; at most `keep` entries kept. */
export function addRecent(
  recents: readonly RecentEntry[],
  entry: RecentEntry,
  keep: number = RECENTS_KEPT,
): RecentEntry[] {
  return [entry, ...recents.filter((recent) => recent.title !== entry.title)].slice(0, keep);
}

/** The entries the Recents row shows. */
export function shownRecents(
  recents: readonly RecentEntry[],
  count: number = RECENTS_SHOWN,
): RecentEntry[] {
  return recents.slice(0, count);
}

/**
 * Reads what localStorage held. Bad JSON, a wrong shape or invalid entries never throw: the
 * valid entries are kept (same titles collapsed, newest first) and the rest dropped.
 */
export function parseRecents(raw: string | null): RecentEntry[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const valid = data.flatMap((value) => {
    const parsed = recentEntrySchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
  return valid
    .filter((entry, index) => valid.findIndex((other) => other.title === entry.title) === index)
    .slice(0, RECENTS_KEPT);
}
