import "server-only";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage, countRows } from "@/lib/db/counted-page";
import { and, asc, desc, eq } from "drizzle-orm";
import type { SortDirection } from "@/components/ui/data-table/params";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/organisations/access";
import type { ScheduleSort } from "./list-params";
import {
  deleteScheduleSchema,
  scheduleSchema,
  sortIntervals,
  toWeeklyHours,
  updateScheduleSchema,
  type ScheduleValues,
} from "./schedule-schema";
import { scheduleExceptions, schedules, type DayIntervals, type WeeklyHours } from "./schema";

/**
 * Opening schedules of an organisation: a paged list, one schedule with its exceptions, and
 * the create / update (version check) / delete commands. Every query names the
 * organisation; RLS (settings.schedule.read / .write) is the backstop.
 */
export interface ScheduleSummary {
  id: string;
  name: string;
  timeZone: string;
  openDays: number;
  updatedAt: Date;
}

export interface ScheduleDetail {
  id: string;
  name: string;
  timeZone: string;
  weekly: WeeklyHours;
  version: number;
  exceptions: { date: string; closed: boolean; intervals: DayIntervals; note: string }[];
}

const sortColumns = { name: schedules.name, updated: schedules.updatedAt } as const;

export async function listSchedules(
  claims: UserClaims,
  organisationId: string,
  query: { page: number; size: number; sort: ScheduleSort; dir: SortDirection },
): Promise<{ rows: ScheduleSummary[]; total: number; page: number }> {
  if (!isUuid(organisationId)) return { rows: [], total: 0, page: 1 };
  const order = query.dir === "desc" ? desc : asc;
  return withUserContext(claims, async (tx) => {
    const where = eq(schedules.organisationId, organisationId);
    const listed = await countedPage(
      query.page,
      query.size,
      () => countRows(tx, schedules, where),
      (page) =>
        tx
          .select({
            id: schedules.id,
            name: schedules.name,
            timeZone: schedules.timeZone,
            weekly: schedules.weekly,
            updatedAt: schedules.updatedAt,
          })
          .from(schedules)
          .where(where)
          .orderBy(order(sortColumns[query.sort]), asc(schedules.id))
          .limit(query.size)
          .offset(pageOffset(page, query.size)),
    );
    return {
      rows: listed.rows.map(({ weekly, ...row }) => ({
        ...row,
        openDays: Object.values(weekly).filter((day) => day && day.length > 0).length,
      })),
      total: listed.total,
      page: listed.page,
    };
  });
}

export async function getSchedule(
  claims: UserClaims,
  organisationId: string,
  scheduleId: string,
): Promise<ScheduleDetail | null> {
  if (!isUuid(organisationId) || !isUuid(scheduleId)) return null;
  return withUserContext(claims, async (tx) => {
    const [schedule] = await tx
      .select({
        id: schedules.id,
        name: schedules.name,
        timeZone: schedules.timeZone,
        weekly: schedules.weekly,
        version: schedules.version,
      })
      .from(schedules)
      .where(and(eq(schedules.id, scheduleId), eq(schedules.organisationId, organisationId)));
    if (!schedule) return null;
    return { ...schedule, exceptions: await readExceptions(tx, organisationId, scheduleId) };
  });
}

/** A schedule's date exceptions, in date order. */
function readExceptions(tx: Tx, organisationId: string, scheduleId: string) {
  return tx
    .select({
      date: scheduleExceptions.date,
      closed: scheduleExceptions.closed,
      intervals: scheduleExceptions.intervals,
      note: scheduleExceptions.note,
    })
    .from(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.scheduleId, scheduleId),
        eq(scheduleExceptions.organisationId, organisationId),
      ),
    )
    .orderBy(asc(scheduleExceptions.date));
}

function storedValues(input: ScheduleValues) {
  return {
    name: input.name,
    timeZone: input.timeZone,
    weekly: toWeeklyHours(input.weekly),
    exceptions: [...input.exceptions]
      .map((e) => ({ ...e, intervals: sortIntervals(e.intervals) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

async function writeExceptions(
  tx: Tx,
  organisationId: string,
  scheduleId: string,
  exceptions: ReturnType<typeof storedValues>["exceptions"],
) {
  await tx
    .delete(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.scheduleId, scheduleId),
        eq(scheduleExceptions.organisationId, organisationId),
      ),
    );
  if (exceptions.length) {
    await tx
      .insert(scheduleExceptions)
      .values(exceptions.map((e) => ({ ...e, scheduleId, organisationId })));
  }
}

function nameClash(error: unknown): never {
  if (isUniqueViolation(error, "schedules_organisation_name_key")) {
    throw new AppError("nameTaken", "name");
  }
  throw error;
}

export const createScheduleCommand = {
  permission: "settings.schedule.write",
  schema: scheduleSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const values = storedValues(input);
    const [created] = await tx
      .insert(schedules)
      .values({
        organisationId,
        name: values.name,
        timeZone: values.timeZone,
        weekly: values.weekly,
      })
      .returning({ id: schedules.id, version: schedules.version })
      .catch(nameClash);
    if (!created) throw new Error("The schedule was not created.");
    await writeExceptions(tx, organisationId, created.id, values.exceptions);
    await audit({
      action: "settings.schedule.create",
      resourceType: "schedule",
      resourceId: created.id,
      after: values,
    });
    return { id: created.id, version: created.version };
  },
} satisfies CommandConfig<typeof scheduleSchema, { id: string; version: number }>;

/** Distinguishes a stale version from a schedule that is not there (or not this organisation's). */
async function staleOrMissing(tx: Tx, organisationId: string, scheduleId: string): Promise<never> {
  const [row] = await tx
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.id, scheduleId), eq(schedules.organisationId, organisationId)));
  throw new AppError(row ? "stale" : "notFound");
}

async function readForAudit(tx: Tx, organisationId: string, scheduleId: string) {
  const [row] = await tx
    .select({
      name: schedules.name,
      timeZone: schedules.timeZone,
      weekly: schedules.weekly,
      version: schedules.version,
    })
    .from(schedules)
    .where(and(eq(schedules.id, scheduleId), eq(schedules.organisationId, organisationId)))
    .for("update");
  if (!row) return null;
  // The audit's "before" is the whole schedule, exceptions included.
  return { ...row, exceptions: await readExceptions(tx, organisationId, scheduleId) };
}

export const updateScheduleCommand = {
  permission: "settings.schedule.write",
  schema: updateScheduleSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readForAudit(tx, organisationId, input.scheduleId);
    if (!before) throw new AppError("notFound");
    const values = storedValues(input);
    const [updated] = await tx
      .update(schedules)
      .set({
        name: values.name,
        timeZone: values.timeZone,
        weekly: values.weekly,
        version: input.version + 1,
      })
      .where(
        and(
          eq(schedules.id, input.scheduleId),
          eq(schedules.organisationId, organisationId),
          eq(schedules.version, input.version),
        ),
      )
      .returning({ id: schedules.id, version: schedules.version })
      .catch(nameClash);
    if (!updated) return staleOrMissing(tx, organisationId, input.scheduleId);
    await writeExceptions(tx, organisationId, updated.id, values.exceptions);
    await audit({
      action: "settings.schedule.update",
      resourceType: "schedule",
      resourceId: updated.id,
      before,
      after: { ...values, version: updated.version },
    });
    return { id: updated.id, version: updated.version };
  },
} satisfies CommandConfig<typeof updateScheduleSchema, { id: string; version: number }>;

export const deleteScheduleCommand = {
  permission: "settings.schedule.write",
  schema: deleteScheduleSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readForAudit(tx, organisationId, input.scheduleId);
    if (!before) throw new AppError("notFound");
    const [removed] = await tx
      .delete(schedules)
      .where(
        and(
          eq(schedules.id, input.scheduleId),
          eq(schedules.organisationId, organisationId),
          eq(schedules.version, input.version),
        ),
      )
      .returning({ id: schedules.id });
    if (!removed) return staleOrMissing(tx, organisationId, input.scheduleId);
    await audit({
      action: "settings.schedule.delete",
      resourceType: "schedule",
      resourceId: removed.id,
      before,
    });
    return { id: removed.id };
  },
} satisfies CommandConfig<typeof deleteScheduleSchema, { id: string }>;
