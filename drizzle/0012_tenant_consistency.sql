-- Backstops the application already checks: a row that points at another row of the same
-- tenant must point inside its own organisation. Composite foreign keys over
-- (organisation_id, id) make a cross-tenant reference impossible, whatever the code does.
-- (Custom SQL: drizzle-kit's snapshot does not track these constraints; it never drops them.)
ALTER TABLE "roles" ADD CONSTRAINT "roles_organisation_id_id_key" UNIQUE ("organisation_id", "id");
--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_role_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "role_id") REFERENCES "roles" ("organisation_id", "id");
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "role_id") REFERENCES "roles" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "role_id") REFERENCES "roles" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "organisation_files" ADD CONSTRAINT "organisation_files_organisation_id_id_key" UNIQUE ("organisation_id", "id");
--> statement-breakpoint
ALTER TABLE "organisation_files" ADD CONSTRAINT "organisation_files_parent_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "parent_id") REFERENCES "organisation_files" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
-- The logo is one of the organisation's own files; deleting the file clears the logo
-- (SET NULL of that column only: PostgreSQL 15+).
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_logo_file_fk"
  FOREIGN KEY ("id", "logo_file_id") REFERENCES "organisation_files" ("organisation_id", "id")
  ON DELETE SET NULL ("logo_file_id");
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organisation_id_id_key" UNIQUE ("organisation_id", "id");
--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_schedule_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "schedule_id") REFERENCES "schedules" ("organisation_id", "id") ON DELETE CASCADE;
