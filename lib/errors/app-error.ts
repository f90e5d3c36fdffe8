/**
 * Expected failures that server code throws and a door (action, route, page) turns into a
 * user message (conventions §6). The code is a key of the "backoffice" catalogue's
 * `errors` (messages/<locale>/backoffice.json); `field` names the form field it belongs to.
 * Anything else thrown is unexpected: logged with a request id, shown as a generic message.
 */
export const appErrorCodes = [
  "notFound",
  "stale",
  "slugTaken",
  "roleNameTaken",
  "alreadyMember",
  "alreadyInvited",
  "seatLimit",
  "lastOwner",
  "ownerOnly",
  "selfChange",
  "invitationExpired",
  "invitationRevoked",
  "invitationUsed",
  "invitationNotYours",
  "moduleTierNotAvailable",
  "moduleOff",
  "quotaExceeded",
  "fileTooLarge",
  "fileTypeForbidden",
  "nameTaken",
  "invalidMove",
  "emailTaken",
  "tokenInvalid",
  "tokenExpired",
  "rateLimited",
  "roleInUse",
  "permissionNotHeld",
  "roleBeyondOwn",
  "limitReached",
  "primaryContact",
  "notVerified",
  "emailNotConfirmed",
  "skuTaken",
  "externalIdTaken",
  "externalIdFormat",
  "externalIdCheckDigit",
  "publishIncomplete",
  "amountInvalid",
  "alreadyReviewed",
  "profileRequired",
  "imageTooLarge",
  "imageUnreadable",
  "galleryFull",
  "photosFull",
  "alreadyDecided",
  "outOfStock",
  "notEnoughStock",
  "cartCurrency",
  "quantityLimit",
  "unavailable",
  "accountRequired",
  "priceChanged",
  "cartEmpty",
  "deliveryUnavailable",
  "discountInvalid",
  "orderState",
  "orderNotPayable",
  "refundExceeds",
  "restockUnavailable",
  "restockForbidden",
  "offerEndsBeforeStart",
  "offerPercentRange",
  "offerPriceNotBelow",
  "offerEnded",
  "taxRateRange",
  "discountCodeFormat",
  "discountCodeTaken",
  "discountPercentRange",
  "discountEndsBeforeStart",
  "tierAlreadyActive",
  "payoutExceeds",
  "payoutOpen",
  "payoutUnavailable",
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly field: string | undefined;

  constructor(code: AppErrorCode, field?: string) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.field = field;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Postgres unique violation (23505), from either driver, optionally on a named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      cause?: unknown;
    };
    if (candidate.code === "23505") {
      if (!constraint) return true;
      return candidate.constraint === constraint || candidate.constraint_name === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
