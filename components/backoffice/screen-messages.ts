import type { MessagePath } from "@/lib/i18n/message-paths";

/**
 * The catalogue paths each back-office screen sends to the browser, on top of the shell's
 * (components/layout/client-messages.ts, passed once by the root document). A screen wraps
 * its content in `<ScreenMessages scope="…">`, which merges these into the shell's messages
 * on the client, so the shell's are not sent twice. Only what the screen's client components
 * read with `useTranslations`: the frame, the audit trail, the dashboard and the other
 * server-drawn screens send nothing of their own.
 *
 * The texts of the errors an action may answer with (`backoffice.errors`) are named by the
 * scopes whose forms show them, but not sent: the browser loads them with the screen's code
 * (`LOADED_IN_THE_BROWSER`, action-error-messages.tsx).
 *
 * components/backoffice/screen-messages.test.ts follows each back-office page's imports and
 * fails when a client component reads a path its page's scope does not pass.
 */
export const backofficeMessageScopes = {
  /** /backoffice/register-organisation. */
  register: ["backoffice.register", "backoffice.errors", "validation"],
  /** The member list: its filters (the table's texts are the shell's `ui.dataTable`). */
  peopleList: ["people.filters", "people.statuses"],
  /** people/invitations and settings/invitations. */
  invitations: ["people.invitations", "people.invitationStatuses", "backoffice.errors"],
  /** people/{employmentId}. */
  member: ["people.detail", "backoffice.errors", "validation"],
  /** people/create. */
  invite: ["people.create", "backoffice.errors", "validation"],
  /** settings: the organisation's profile and logo. */
  organisationProfile: [
    "orgSettings.profile",
    "orgSettings.logo",
    "backoffice.errors",
    "validation",
  ],
  /** settings/contact. */
  contact: ["orgSettings.contact", "backoffice.errors", "validation"],
  /** settings/faq. */
  faq: ["orgSettings.faq", "backoffice.errors", "validation"],
  /** settings/schedule/create and settings/schedule/{id}. */
  schedule: [
    "orgSettings.scheduleForm",
    "orgSettings.validation",
    "backoffice.errors",
    "validation",
  ],
  /** settings/roles. */
  roles: ["orgAdmin.roles", "backoffice.errors", "validation"],
  /** settings/permissions. */
  permissions: ["orgAdmin.matrix", "backoffice.errors", "validation"],
  /** settings/module/{moduleName}. */
  module: ["orgAdmin.module", "backoffice.errors", "validation"],
  /** commerce/product (the bulk status form, the CSV import dialog). */
  products: ["commerce.bulk", "commerce.import", "backoffice.errors"],
  /** commerce/product/create and commerce/product/{productId}. */
  product: [
    "commerce.productForm",
    "commerce.productActions",
    "commerce.gallery",
    "commerce.location",
    "backoffice.errors",
    "validation",
  ],
  /** commerce/product/{productId}/variants. */
  variants: ["commerce.variants", "commerce.validation", "backoffice.errors", "validation"],
  /** commerce/product/{productId}/attributes/create and …/attributes/{attributeName}. */
  attribute: ["commerce.attributeForm", "backoffice.errors", "validation"],
  /** commerce/product/{productId}/externalIdentification/create and …/{id}. */
  externalId: ["commerce.externalIdForm", "backoffice.errors", "validation"],
  /** review: the answer and report forms. */
  reviews: ["reviewsAdmin", "backoffice.errors"],
  /** /backoffice/moderation/review: the moderators' decision forms. */
  moderation: ["reviewsAdmin.moderation", "backoffice.errors", "validation"],
  /** storage. */
  storage: ["storage", "backoffice.errors", "validation"],
  /** commerce/brand/create and commerce/brand/{id}. */
  brands: ["brands.form", "backoffice.errors", "validation"],
  /** commerce/offer/create and commerce/offer/{offerId}. */
  offers: ["offers.form", "offers.kinds", "backoffice.errors", "validation"],
  /** commerce/settings: the terms and the delivery rates. */
  sellingTerms: [
    "sellingTerms.settings",
    "sellingTerms.delivery",
    "backoffice.errors",
    "validation",
  ],
  /** commerce/discount/create and commerce/discount/{discountCodeId} (and the offers' confirm). */
  discounts: [
    "sellingTerms.discountForm",
    "sellingTerms.kinds",
    "offers.form",
    "backoffice.errors",
    "validation",
  ],
} as const satisfies Record<string, readonly MessagePath[]>;

export type BackofficeMessageScope = keyof typeof backofficeMessageScopes;

/**
 * The path a scope names but does not send: the texts of the errors an action may answer with
 * (about 6 kB), which no screen shows before an action answers. `ScreenMessages` loads them in
 * the browser instead (action-error-messages.tsx).
 */
export const LOADED_IN_THE_BROWSER = "backoffice.errors" satisfies MessagePath;

export { mergeMessages } from "@/lib/i18n/merge-messages";
export { type MessagePath, pickMessagePaths } from "@/lib/i18n/message-paths";
