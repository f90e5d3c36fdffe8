/**
 * The modules an organisation switches on, each with a tier. Limits live here, in one place;
 * the code that creates the limited thing enforces them (seats when inviting, storage bytes
 * when uploading, items in the catalogue issues). Paid tiers (a monthly price, beside the
 * limits) are bought at settings/module/{module}/{tier}/purchase (lib/billing, docs/billing.md);
 * only the free tier is switched on without a purchase.
 */
export const moduleNames = [
  "crm",
  "events",
  "restaurants",
  "services",
  "venues",
  "commerce",
  "marketing",
  "communications",
  "chat",
  "advertisements",
  "customWeb",
  "storage",
  "reviews",
  "payments",
] as const;
export type ModuleName = (typeof moduleNames)[number];

export const moduleTiers = ["free", "pro", "enterprise"] as const;
export type ModuleTier = (typeof moduleTiers)[number];

export interface TierLimits {
  /** Members (active, suspended) plus pending invitations. null = unlimited. */
  seats: number | null;
  /** Bytes of files (storage module only). */
  storageBytes?: number;
  /** Items the module keeps (products, events, …); null = unlimited. */
  items?: number | null;
  /** Price a month in minor units of the platform currency (settings `default_currency`); 0 = free. */
  monthlyPriceMinor: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Seats an organisation has with no module on, or only free tiers. */
export const BASE_SEATS = 5;

const standardTiers: Record<ModuleTier, TierLimits> = {
  free: { seats: BASE_SEATS, items: 100, monthlyPriceMinor: 0 },
  pro: { seats: 25, items: 10_000, monthlyPriceMinor: 2_900 },
  enterprise: { seats: null, items: null, monthlyPriceMinor: 9_900 },
};

export const moduleLimits: Record<ModuleName, Record<ModuleTier, TierLimits>> = {
  crm: standardTiers,
  events: standardTiers,
  restaurants: standardTiers,
  services: standardTiers,
  venues: standardTiers,
  commerce: standardTiers,
  marketing: standardTiers,
  communications: standardTiers,
  chat: standardTiers,
  advertisements: standardTiers,
  customWeb: standardTiers,
  storage: {
    free: { seats: BASE_SEATS, storageBytes: 1 * GB, monthlyPriceMinor: 0 },
    pro: { seats: 25, storageBytes: 100 * GB, monthlyPriceMinor: 900 },
    enterprise: { seats: null, storageBytes: 1024 * GB, monthlyPriceMinor: 4_900 },
  },
  reviews: standardTiers,
  payments: standardTiers,
};

/**
 * The platform's fee on what an organisation sells (docs/income.md), by the tier of its
 * `commerce` module at the moment of the charge, in basis points of the amount paid (500 =
 * 5 %). Recorded on each ledger entry, so a later tier change never rewrites past fees.
 */
export const sellingFeeBasisPoints: Record<ModuleTier, number> = {
  free: 500,
  pro: 300,
  enterprise: 150,
};

/** Tiers that can be switched on now, without a purchase. */
export const selfServeTiers: readonly ModuleTier[] = ["free"];

/** A tier bought with a monthly payment (lib/billing). */
export function isPaidTier(module: ModuleName, tier: ModuleTier): boolean {
  return moduleLimits[module][tier].monthlyPriceMinor > 0;
}

/** Largest single upload, whatever the tier (the route streams it to the adapter). */
export const MAX_UPLOAD_BYTES = 50 * MB;

export function isModuleName(value: string): value is ModuleName {
  return (moduleNames as readonly string[]).includes(value);
}

export function isModuleTier(value: string): value is ModuleTier {
  return (moduleTiers as readonly string[]).includes(value);
}

export interface EnabledModule {
  module: ModuleName;
  tier: ModuleTier;
}

/**
 * The organisation's seat limit: the most generous tier among its enabled modules, at least
 * BASE_SEATS. null means unlimited.
 */
export function seatLimit(enabled: readonly EnabledModule[]): number | null {
  let limit: number | null = BASE_SEATS;
  for (const { module, tier } of enabled) {
    const seats = moduleLimits[module][tier].seats;
    if (seats === null) return null;
    if (limit !== null && seats > limit) limit = seats;
  }
  return limit;
}

/** Bytes the organisation may store: the storage module's tier; 0 when the module is off. */
export function storageQuota(enabled: readonly EnabledModule[]): number {
  const storage = enabled.find((m) => m.module === "storage");
  return storage ? (moduleLimits.storage[storage.tier].storageBytes ?? 0) : 0;
}
