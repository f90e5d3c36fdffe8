/**
 * What the audit trail and the dashboard show instead of raw keys. Every action a module
 * records is listed here and has a label in the orgAdmin catalogue at
 * `audit.actions.<action>` (the dotted action is the message path), every resource type at
 * `audit.resources.<type>`; tests/unit/audit-labels.test.ts fails when code records an action
 * missing here or a locale misses a label. Field names of the "changes" detail have labels at
 * `audit.fields.<field>` where one exists; others show as they are.
 */
export const auditActions = [
  "people.employment.changeRole",
  "people.employment.suspend",
  "people.employment.reactivate",
  "people.employment.end",
  "people.invitation.create",
  "people.invitation.resend",
  "people.invitation.revoke",
  "people.invitation.accept",
  "people.invitation.decline",
  "settings.organisation.create",
  "settings.organisation.update",
  "settings.organisation.logo",
  "settings.role.create",
  "settings.role.update",
  "settings.role.delete",
  "settings.rolePermission.update",
  "settings.faq.create",
  "settings.faq.update",
  "settings.faq.delete",
  "settings.faq.reorder",
  "settings.contact.create",
  "settings.contact.resend",
  "settings.contact.delete",
  "settings.contact.primary",
  "settings.contact.verify",
  "settings.module.enable",
  "settings.module.disable",
  "settings.schedule.create",
  "settings.schedule.update",
  "settings.schedule.delete",
  "storage.file.upload",
  "storage.file.rename",
  "storage.file.move",
  "storage.file.delete",
  "storage.folder.create",
  "storage.folder.rename",
  "storage.folder.move",
  "storage.folder.delete",
  "commerce.brand.create",
  "commerce.brand.update",
  "commerce.brand.delete",
  "commerce.product.create",
  "commerce.product.update",
  "commerce.product.duplicate",
  "commerce.product.publish",
  "commerce.product.unpublish",
  "commerce.product.archive",
  "commerce.product.restore",
  "commerce.product.import",
  "commerce.variant.update",
  "commerce.attribute.create",
  "commerce.attribute.update",
  "commerce.attribute.delete",
  "commerce.externalId.create",
  "commerce.externalId.update",
  "commerce.externalId.delete",
  "commerce.image.add",
  "commerce.image.update",
  "commerce.image.move",
  "commerce.image.remove",
  "commerce.location.update",
  "commerce.offer.create",
  "commerce.offer.update",
  "commerce.offer.end",
  "commerce.offer.delete",
  "commerce.order.fulfil",
  "commerce.order.refund",
  "commerce.order.cancel",
  "commerce.settings.update",
  "commerce.deliveryRate.create",
  "commerce.deliveryRate.update",
  "commerce.discount.create",
  "commerce.discount.update",
  "commerce.discount.activate",
  "commerce.discount.deactivate",
  "commerce.invoice.issue",
  "commerce.creditNote.issue",
  "reviews.review.reply",
  "reviews.review.report",
  /** Recorded by app.decide_review() (migration 0021): a moderator's decision. */
  "reviews.review.restore",
  "reviews.review.remove",
  "billing.method.add",
  "billing.method.default",
  "billing.method.remove",
  "billing.tier.purchase",
  /** Recorded by the payment webhook's handler (lib/billing/settle.ts): no actor but the buyer. */
  "billing.charge.succeed",
  "billing.charge.fail",
  "payment.refund.create",
  "payment.payout.request",
  "payment.account.onboard",
] as const;

export type AuditAction = (typeof auditActions)[number];

export const auditResourceTypes = [
  "employment",
  "invitation",
  "organisation",
  "role",
  "faq",
  "contactEmail",
  "module",
  "schedule",
  "storage.file",
  "storage.folder",
  "brand",
  "product",
  "offer",
  "order",
  "sellingTerms",
  "deliveryRate",
  "discountCode",
  "review",
  "invoice",
  "creditNote",
  "billingCharge",
  "paymentMethod",
  "payout",
] as const;

export type AuditResourceType = (typeof auditResourceTypes)[number];

/** Field names of the changes detail that have a label (`audit.fields.<name>`). */
export const auditFieldNames = [
  "name",
  "description",
  "email",
  "roleId",
  "status",
  "version",
  "tier",
  "enabled",
  "question",
  "answer",
  "position",
  "expiresAt",
  "sendCount",
  "parentId",
  "primary",
  "verifiedAt",
  "logoFileId",
  "contentType",
  "size",
  "permissions",
  "timeZone",
  "slug",
  "contactEmail",
  "phone",
  "website",
  "addressLine1",
  "addressLine2",
  "city",
  "region",
  "postalCode",
  "country",
  "latitude",
  "longitude",
  "weekly",
  "note",
  "reportReason",
] as const;

export type AuditFieldName = (typeof auditFieldNames)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

export function isAuditResourceType(value: string): value is AuditResourceType {
  return (auditResourceTypes as readonly string[]).includes(value);
}

export function isAuditFieldName(value: string): value is AuditFieldName {
  return (auditFieldNames as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A name for the resource from the entry's own snapshots (what it was called then): the
 * fallback when the resource no longer exists. The newer snapshot wins.
 */
export function snapshotName(before: unknown, after: unknown): string | null {
  for (const snapshot of [after, before]) {
    if (!isRecord(snapshot)) continue;
    for (const field of ["name", "question", "email", "displayName"]) {
      const value = snapshot[field];
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  }
  return null;
}
