import "server-only";
import { notFound } from "next/navigation";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { Permission } from "@/lib/permissions/catalogue";
import { getProduct, type ProductDetail } from "./products";

/**
 * What every screen under one product starts with: the gate (permission and the commerce
 * module), the product (404 when it is not this organisation's), and its paths.
 */
export async function loadProductScreen(
  params: Promise<{ organisationId: string; productId: string }>,
  permission: Permission = "commerce.product.read",
): Promise<
  | { moduleOff: true; organisationId: string }
  | {
      moduleOff: false;
      access: OrganisationAccess;
      product: ProductDetail;
      listPath: string;
      productPath: string;
    }
> {
  const { organisationId, productId } = await params;
  const gate = await gatePage(organisationId, permission, "commerce");
  if (gate.moduleOff) return { moduleOff: true, organisationId };
  const { access } = gate;
  const product = await getProduct(access.claims, access.organisation.id, productId);
  if (!product) notFound();
  const listPath = organisationPath(access.organisation.id, "/commerce/product");
  return { moduleOff: false, access, product, listPath, productPath: `${listPath}/${product.id}` };
}
