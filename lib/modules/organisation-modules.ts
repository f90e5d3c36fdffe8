import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withSystemContext, withUserContext } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import { organisationFiles } from "@/lib/files/schema";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { organisationModules } from "@/lib/organisations/schema";
import {
  isModuleName,
  isModuleTier,
  moduleLimits,
  moduleNames,
  seatLimit,
  selfServeTiers,
  storageQuota,
  type EnabledModule,
  type ModuleName,
  type ModuleTier,
  type TierLimits,
} from "./catalogue";
import { seatsInUse } from "@/lib/people/seats";
import { disableModuleSchema, enableModuleSchema } from "./module-schema";

/**
 * The organisation's modules: which are on and at which tier, their limits and what is used
 * of them; switching one on (self-serve tiers only until payments) or off. A module row is
 * never deleted: switching off keeps when it was on and at which tier.
 */
export interface OrganisationModuleState {
  module: ModuleName;
  enabled: boolean;
  /** The tier while on; the last tier when it was switched off; null if never on. */
  tier: ModuleTier | null;
  /** When it was last switched on. */
  enabledAt: Date | null;
}

export async function listOrganisationModules(
  access: OrganisationAccess,
): Promise<OrganisationModuleState[]> {
  const rows = await withUserContext(access.claims, (tx) =>
    tx
      .select({
        module: organisationModules.module,
        tier: organisationModules.tier,
        enabled: organisationModules.enabled,
        enabledAt: organisationModules.enabledAt,
      })
      .from(organisationModules)
      .where(eq(organisationModules.organisationId, access.organisation.id))
      .orderBy(asc(organisationModules.module)),
  );
  const byName = new Map(rows.filter((r) => isModuleName(r.module)).map((r) => [r.module, r]));
  return moduleNames.map((module) => {
    const row = byName.get(module);
    return {
      module,
      enabled: row?.enabled ?? false,
      tier: row && isModuleTier(row.tier) ? row.tier : null,
      enabledAt: row?.enabledAt ?? null,
    };
  });
}

export interface ModuleTierView {
  tier: ModuleTier;
  limits: TierLimits;
  /** Can be switched on now (free); the others come with payments. */
  selfServe: boolean;
}

export interface ModuleUsage {
  /** Active and suspended members plus pending invitations. */
  seatsUsed: number;
  /** The organisation's seat limit (all modules together); null = unlimited. */
  seatLimit: number | null;
  /** Bytes of the organisation's files (storage module only). */
  storageBytesUsed: number | null;
  storageQuota: number | null;
  /** Items the module keeps: null until the module that keeps them exists. */
  itemsUsed: number | null;
}

export interface ModuleDetails {
  state: OrganisationModuleState;
  tiers: ModuleTierView[];
  usage: ModuleUsage;
}

/**
 * What one module's page shows. The usage figures are counts over tables the caller may not
 * read row by row (invitations need people.invitation.read, files storage.file.read): a named
 * system read of two aggregates, for the organisation the access was resolved for.
 */
export async function getModuleDetails(
  access: OrganisationAccess,
  module: ModuleName,
): Promise<ModuleDetails> {
  const modules = await listOrganisationModules(access);
  const state = modules.find((m) => m.module === module) ?? {
    module,
    enabled: false,
    tier: null,
    enabledAt: null,
  };
  const enabled: EnabledModule[] = modules.flatMap((m) =>
    m.enabled && m.tier ? [{ module: m.module, tier: m.tier }] : [],
  );
  const organisationId = access.organisation.id;
  const usage = await withSystemContext("modules: usage figures", async (tx) => {
    const seatsUsed = await seatsInUse(tx, organisationId);
    const [bytes] =
      module === "storage"
        ? await tx
            .select({ total: sql<string>`coalesce(sum(${organisationFiles.size}), 0)::text` })
            .from(organisationFiles)
            .where(eq(organisationFiles.organisationId, organisationId))
        : [];
    return {
      seatsUsed,
      storageBytesUsed: bytes ? Number(bytes.total) : null,
    };
  });
  return {
    state,
    tiers: (Object.keys(moduleLimits[module]) as ModuleTier[]).map((tier) => ({
      tier,
      limits: moduleLimits[module][tier],
      selfServe: selfServeTiers.includes(tier),
    })),
    usage: {
      seatsUsed: usage.seatsUsed,
      seatLimit: seatLimit(enabled),
      storageBytesUsed: usage.storageBytesUsed,
      storageQuota: module === "storage" ? storageQuota(enabled) : null,
      itemsUsed: null,
    },
  };
}

/** Switches a module on at a self-serve tier (a paid tier: moduleTierNotAvailable). */
export const enableModuleCommand: CommandConfig<
  typeof enableModuleSchema,
  { module: ModuleName; tier: ModuleTier; changed: boolean }
> = {
  permission: "settings.module.write",
  schema: enableModuleSchema,
  async run({ tx, access, input, audit }) {
    if (!selfServeTiers.includes(input.tier)) throw new AppError("moduleTierNotAvailable", "tier");
    const organisationId = access.organisation.id;
    const [before] = await tx
      .select({ tier: organisationModules.tier, enabled: organisationModules.enabled })
      .from(organisationModules)
      .where(
        and(
          eq(organisationModules.organisationId, organisationId),
          eq(organisationModules.module, input.module),
        ),
      )
      .for("update");
    if (before?.enabled && before.tier === input.tier) {
      return { module: input.module, tier: input.tier, changed: false };
    }
    const now = new Date();
    await tx
      .insert(organisationModules)
      .values({ organisationId, module: input.module, tier: input.tier, enabled: true })
      .onConflictDoUpdate({
        target: [organisationModules.organisationId, organisationModules.module],
        set: { tier: input.tier, enabled: true, enabledAt: now, updatedAt: now },
      });
    await audit({
      action: "settings.module.enable",
      resourceType: "module",
      resourceId: input.module,
      before: before ?? null,
      after: { tier: input.tier, enabled: true },
    });
    return { module: input.module, tier: input.tier, changed: true };
  },
};

/** Switches a module off (its row and data stay; its screens show the "enable" page). */
export const disableModuleCommand: CommandConfig<
  typeof disableModuleSchema,
  { module: ModuleName; changed: boolean }
> = {
  permission: "settings.module.write",
  schema: disableModuleSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const [updated] = await tx
      .update(organisationModules)
      .set({ enabled: false })
      .where(
        and(
          eq(organisationModules.organisationId, organisationId),
          eq(organisationModules.module, input.module),
          eq(organisationModules.enabled, true),
        ),
      )
      .returning({ tier: organisationModules.tier });
    if (!updated) return { module: input.module, changed: false };
    await audit({
      action: "settings.module.disable",
      resourceType: "module",
      resourceId: input.module,
      before: { tier: updated.tier, enabled: true },
      after: { tier: updated.tier, enabled: false },
    });
    return { module: input.module, changed: true };
  },
};
