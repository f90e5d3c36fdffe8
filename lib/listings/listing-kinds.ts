import type { ListingKind } from "@/lib/commerce/catalogue-types";
import type { AuditAction, AuditResourceType } from "@/lib/audit/labels";
import type { ModuleName } from "@/lib/modules/catalogue";
import type { Permission } from "@/lib/permissions/catalogue";

/**
 * The kinds of listing that are built, with the module that owns each and the permissions
 * that guard it: the code's twin of `app.listing_permission(kind, action)` (drizzle/0017),
 * which the listings' RLS policies call. A later vertical adds its kind here and a branch
 * there; tests/integration/listing-location.test.ts compares the two.
 */
export const builtListingKinds = {
  product: {
    module: "commerce",
    read: "commerce.product.read",
    write: "commerce.product.write",
    publish: "commerce.product.publish",
    auditResource: "product",
    /** The audit action of a location change: `<module>.location.update` (app.record_audit). */
    locationAudit: "commerce.location.update",
  },
} as const satisfies Partial<
  Record<
    ListingKind,
    {
      module: ModuleName;
      read: Permission;
      write: Permission;
      publish: Permission;
      auditResource: AuditResourceType;
      locationAudit: AuditAction;
    }
  >
>;

export type BuiltListingKind = keyof typeof builtListingKinds;
