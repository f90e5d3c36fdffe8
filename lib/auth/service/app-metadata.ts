import "server-only";
import { eq } from "drizzle-orm";
import { identities } from "@/lib/auth/schema";
import type { UserRow } from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";

/**
 * app_metadata with `providers` listing the user's identities, as GoTrue keeps it. `provider`
 * (the first way the user signed up) is set when missing or "anonymous", from `added`.
 */
export async function withProviders(
  tx: Tx,
  user: UserRow,
  added?: string,
): Promise<Record<string, unknown>> {
  const rows = await tx
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, user.id));
  const providers = [...new Set(rows.map((row) => row.provider))];
  const current = user.rawAppMetaData ?? {};
  const primary = current.provider;
  const fallback = added ?? providers[0];
  return {
    ...current,
    provider: (!primary || primary === "anonymous") && fallback ? fallback : primary,
    providers,
  };
}
