import "server-only";
import { and, count, desc, eq, ne } from "drizzle-orm";
import { withUserContext } from "@/lib/db/context";
import { isUuid, type OrganisationAccess } from "@/lib/organisations/access";
import { billingCharges, billingSubscriptions } from "./schema";

/**
 * What the organisation's billing pages read (billing.account.read, RLS underneath and the
 * organisation named in every WHERE): its paid tiers, its charges page by page, one charge.
 */
export type SubscriptionView = typeof billingSubscriptions.$inferSelect;
export type ChargeView = typeof billingCharges.$inferSelect;

export const CHARGES_PAGE_SIZE = 25;

export function listSubscriptions(access: OrganisationAccess): Promise<SubscriptionView[]> {
  return withUserContext(access.claims, (tx) =>
    tx
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.organisationId, access.organisation.id),
          ne(billingSubscriptions.status, "ended"),
        ),
      )
      .orderBy(billingSubscriptions.module),
  );
}

export async function listCharges(
  access: OrganisationAccess,
  page: number,
): Promise<{ rows: ChargeView[]; total: number; page: number; pages: number }> {
  const own = eq(billingCharges.organisationId, access.organisation.id);
  return withUserContext(access.claims, async (tx) => {
    const [{ total }] = (await tx.select({ total: count() }).from(billingCharges).where(own)) as [
      { total: number },
    ];
    const pages = Math.max(1, Math.ceil(total / CHARGES_PAGE_SIZE));
    const current = Math.min(Math.max(1, page), pages);
    const rows = await tx
      .select()
      .from(billingCharges)
      .where(own)
      .orderBy(desc(billingCharges.createdAt), desc(billingCharges.id))
      .limit(CHARGES_PAGE_SIZE)
      .offset((current - 1) * CHARGES_PAGE_SIZE);
    return { rows, total, page: current, pages };
  });
}

export async function getCharge(
  access: OrganisationAccess,
  chargeId: string,
): Promise<ChargeView | null> {
  if (!isUuid(chargeId)) return null;
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select()
      .from(billingCharges)
      .where(
        and(
          eq(billingCharges.organisationId, access.organisation.id),
          eq(billingCharges.id, chargeId),
        ),
      ),
  );
  return row ?? null;
}
