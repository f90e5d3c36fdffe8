import "server-only";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { and, asc, eq } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "./access";
import {
  createFaqSchema,
  deleteFaqSchema,
  faqLimits,
  moveFaqSchema,
  updateFaqSchema,
} from "./faq-schema";
import { organisationFaqs } from "./schema";

/**
 * The organisation's questions and answers, in `position` order (1…n). A list is capped at
 * faqLimits.count entries, so it is read whole (reordering needs all of it). Every write names
 * the organisation in its WHERE; RLS (settings.faq.write) is the backstop.
 */
export interface Faq {
  id: string;
  question: string;
  answer: string;
  position: number;
  version: number;
}

const faqColumns = {
  id: organisationFaqs.id,
  question: organisationFaqs.question,
  answer: organisationFaqs.answer,
  position: organisationFaqs.position,
  version: organisationFaqs.version,
};

function orderedFaqs(tx: Tx, organisationId: string) {
  return tx
    .select(faqColumns)
    .from(organisationFaqs)
    .where(eq(organisationFaqs.organisationId, organisationId))
    .orderBy(
      asc(organisationFaqs.position),
      asc(organisationFaqs.createdAt),
      asc(organisationFaqs.id),
    )
    .limit(faqLimits.count + 1);
}

/**
 * The whole list, for a write that renumbers it: first the organisation's FAQ lock (it also
 * covers an empty list and rows being added, which `for update` cannot), then the rows.
 */
async function lockedFaqs(tx: Tx, organisationId: string) {
  await lockOrganisationScope(tx, "settings.faq", organisationId);
  return orderedFaqs(tx, organisationId).for("update");
}

export async function listFaqs(claims: UserClaims, organisationId: string): Promise<Faq[]> {
  if (!isUuid(organisationId)) return [];
  return withUserContext(claims, (tx) => orderedFaqs(tx, organisationId));
}

/** Rewrites positions 1…n in the given order (only rows whose position changes). */
async function writePositions(tx: Tx, organisationId: string, ordered: readonly Faq[]) {
  for (const [index, faq] of ordered.entries()) {
    if (faq.position === index + 1) continue;
    await tx
      .update(organisationFaqs)
      .set({ position: index + 1 })
      .where(
        and(eq(organisationFaqs.id, faq.id), eq(organisationFaqs.organisationId, organisationId)),
      );
  }
}

export const createFaqCommand = {
  permission: "settings.faq.write",
  schema: createFaqSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const existing = await lockedFaqs(tx, organisationId);
    if (existing.length >= faqLimits.count) throw new AppError("limitReached");
    const [created] = await tx
      .insert(organisationFaqs)
      .values({ organisationId, ...input, position: existing.length + 1 })
      .returning(faqColumns);
    if (!created) throw new Error("The question was not saved.");
    await writePositions(tx, organisationId, existing);
    await audit({
      action: "settings.faq.create",
      resourceType: "faq",
      resourceId: created.id,
      after: created,
    });
    return { id: created.id };
  },
} satisfies CommandConfig<typeof createFaqSchema, { id: string }>;

export const updateFaqCommand = {
  permission: "settings.faq.write",
  schema: updateFaqSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const where = and(
      eq(organisationFaqs.id, input.faqId),
      eq(organisationFaqs.organisationId, organisationId),
    );
    const [before] = await tx.select(faqColumns).from(organisationFaqs).where(where).for("update");
    if (!before) throw new AppError("notFound");
    if (before.version !== input.version) throw new AppError("stale");
    const [after] = await tx
      .update(organisationFaqs)
      .set({ question: input.question, answer: input.answer, version: input.version + 1 })
      .where(where)
      .returning(faqColumns);
    if (!after) throw new AppError("notFound");
    await audit({
      action: "settings.faq.update",
      resourceType: "faq",
      resourceId: after.id,
      before,
      after,
    });
    return { id: after.id };
  },
} satisfies CommandConfig<typeof updateFaqSchema, { id: string }>;

export const deleteFaqCommand = {
  permission: "settings.faq.write",
  schema: deleteFaqSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const existing = await lockedFaqs(tx, organisationId);
    const [removed] = await tx
      .delete(organisationFaqs)
      .where(
        and(
          eq(organisationFaqs.id, input.faqId),
          eq(organisationFaqs.organisationId, organisationId),
        ),
      )
      .returning(faqColumns);
    if (!removed) throw new AppError("notFound");
    await writePositions(
      tx,
      organisationId,
      existing.filter((faq) => faq.id !== removed.id),
    );
    await audit({
      action: "settings.faq.delete",
      resourceType: "faq",
      resourceId: removed.id,
      before: removed,
    });
    return { id: removed.id };
  },
} satisfies CommandConfig<typeof deleteFaqSchema, { id: string }>;

/**
 * Moves a question one place up or down: the whole order is read under lock and positions
 * are rewritten 1…n in the same transaction, so concurrent moves cannot leave duplicates.
 * Moving the first up (or the last down) changes nothing.
 */
export const moveFaqCommand = {
  permission: "settings.faq.write",
  schema: moveFaqSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const existing = await lockedFaqs(tx, organisationId);
    const index = existing.findIndex((faq) => faq.id === input.faqId);
    if (index === -1) throw new AppError("notFound");
    const target = input.direction === "up" ? index - 1 : index + 1;
    const ordered = [...existing];
    if (target >= 0 && target < ordered.length) {
      [ordered[index], ordered[target]] = [ordered[target]!, ordered[index]!];
    }
    await writePositions(tx, organisationId, ordered);
    await audit({
      action: "settings.faq.reorder",
      resourceType: "faq",
      resourceId: input.faqId,
      before: existing.map((faq) => faq.id),
      after: ordered.map((faq) => faq.id),
    });
    return { order: ordered.map((faq) => faq.id) };
  },
} satisfies CommandConfig<typeof moveFaqSchema, { order: string[] }>;
