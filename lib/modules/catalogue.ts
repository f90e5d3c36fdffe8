/**
 * The modules an organisation switches on, each with a tier. Limits live here, in one place;
 * the code that creates the limited thing enforces them (seats when inviting, storage bytes
 * when uploading, items in the catalogue issues). Paid tiers are bought in the payments
 * issue; until then only the free tier can be switched on.
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
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Seats an organisation has with no module on, or only free tiers. */
export const BASE_SEATS = 5;

const standardTiers: Record<ModuleTier, TierLimits> = {
  free: { seats: BASE_SEATS, items: 100 },
  pro: { seats: 25, items: 10_000 },
  enterprise: { seats: null, items: null },
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
    free: { seats: BASE_SEATS, storageBytes: 1 * GB },
    pro: { seats: 25, storageBytes: 100 * GB },
    enterprise: { seats: null, storageBytes: 1024 * GB },
  },
  reviews: standardTiers,
  payments: standardTiers,
};

/** Tiers that can be switched on now, without a purchase. */
export const selfServeTiers: readonly ModuleTier[] = ["free"];

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
