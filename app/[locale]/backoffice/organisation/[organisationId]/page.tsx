import { redirect } from "next/navigation";
import { gateMember } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";

/** The organisation's entry point is its dashboard. */
export default async function OrganisationIndexPage({
  params,
}: {
  params: Promise<{ organisationId: string }>;
}) {
  const { access } = await gateMember((await params).organisationId);
  redirect(organisationPath(access.organisation.id, "/dashboard"));
}
