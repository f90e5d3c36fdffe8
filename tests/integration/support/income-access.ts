import { getDb } from "@/lib/db/client";
import { runAsUser, type UserClaims } from "@/lib/db/run-context";
import { resolveAccessInTx, type OrganisationAccess } from "@/lib/organisations/access";

/** The caller's access to an organisation, as a page's gate resolves it (for the readers). */
export async function getOrganisationAccessFor(
  claims: UserClaims,
  organisationId: string,
): Promise<OrganisationAccess> {
  const access = await runAsUser(getDb(), claims, (tx) =>
    resolveAccessInTx(tx, claims, organisationId),
  );
  if (!access) throw new Error("test: no access");
  return access;
}
