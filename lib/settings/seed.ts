import { keyValues } from "@/lib/settings/schema";
import type { Queryable } from "@/lib/db/types";

/** Demo settings: the public ones are what /api/key-values serves to the browser. */
export const demoKeyValues: ReadonlyArray<{ key: string; value: unknown; isPublic: boolean }> = [
  { key: "support_email", value: "support@livemarket.local", isPublic: true },
  { key: "site_tagline", value: "Book events, services and tables near you.", isPublic: true },
  { key: "default_currency", value: "EUR", isPublic: true },
  { key: "default_time_zone", value: "Europe/Madrid", isPublic: true },
  { key: "platform_fee_basis_points", value: 500, isPublic: false },
];

/** Inserts the demo settings that are missing; settings changed since are left alone. */
export async function seedKeyValues(db: Queryable): Promise<void> {
  await db
    .insert(keyValues)
    .values(demoKeyValues.map((row) => ({ ...row })))
    .onConflictDoNothing({ target: keyValues.key });
}
