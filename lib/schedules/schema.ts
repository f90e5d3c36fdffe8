import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organisationPolicies } from "@/lib/db/policies";
import { organisations } from "@/lib/organisations/schema";

/** Opening intervals of one day, "HH:MM" local times; gaps between them are breaks. */
export type DayIntervals = { start: string; end: string }[];
/** Weekly hours, keyed by ISO weekday 1 (Monday) … 7 (Sunday). A missing day is closed. */
export type WeeklyHours = Partial<Record<"1" | "2" | "3" | "4" | "5" | "6" | "7", DayIntervals>>;

/**
 * An opening schedule: weekly hours with breaks in one time zone, plus date exceptions
 * (closed, or other hours). Later modules (services, restaurants, venues) book against it.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timeZone: text("time_zone").notNull(),
    weekly: jsonb("weekly").$type<WeeklyHours>().notNull().default({}),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("schedules_organisation_name_key").on(t.organisationId, sql`lower(${t.name})`),
    ...organisationPolicies("schedules", t.organisationId, {
      read: "settings.schedule.read",
      insert: "settings.schedule.write",
      update: "settings.schedule.write",
      delete: "settings.schedule.write",
    }),
  ],
).enableRLS();

export const scheduleExceptions = pgTable(
  "schedule_exceptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    closed: boolean("closed").notNull().default(true),
    intervals: jsonb("intervals").$type<DayIntervals>().notNull().default([]),
    note: text("note").notNull().default(""),
  },
  (t) => [
    uniqueIndex("schedule_exceptions_schedule_date_key").on(t.scheduleId, t.date),
    // Covers the organisation foreign key and schedule_exceptions_schedule_same_organisation_fk.
    index("schedule_exceptions_organisation_schedule_idx").on(t.organisationId, t.scheduleId),
    ...organisationPolicies("schedule_exceptions", t.organisationId, {
      read: "settings.schedule.read",
      insert: "settings.schedule.write",
      update: "settings.schedule.write",
      delete: "settings.schedule.write",
    }),
  ],
).enableRLS();
