CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organisation_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"content_type" text,
	"storage_key" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "builtin_role_grants" (
	"role_key" text NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "builtin_role_grants_role_key_permission_pk" PRIMARY KEY("role_key","permission")
);
--> statement-breakpoint
ALTER TABLE "builtin_role_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organisation_contact_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_contact_emails" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organisation_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_faqs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organisation_modules" (
	"organisation_id" uuid NOT NULL,
	"module" text NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_modules_organisation_id_module_pk" PRIMARY KEY("organisation_id","module")
);
--> statement-breakpoint
ALTER TABLE "organisation_modules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_pk" PRIMARY KEY("role_id","permission")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"builtin_key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "schedule_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"date" date NOT NULL,
	"closed" boolean DEFAULT true NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "employments" ALTER COLUMN "role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "role_id" uuid;--> statement-breakpoint
-- Existing organisations get the five built-in roles; existing employments move from the
-- role name to the role row (an unknown name becomes staff).
INSERT INTO "roles" ("organisation_id", "builtin_key", "name")
  SELECT o."id", k."key", k."key"
  FROM "organisations" o
  CROSS JOIN (VALUES ('owner'), ('admin'), ('manager'), ('staff'), ('viewer')) AS k("key");--> statement-breakpoint
UPDATE "employments" e SET "role_id" = r."id"
  FROM "roles" r
  WHERE r."organisation_id" = e."organisation_id"
    AND r."builtin_key" = CASE WHEN e."role" IN ('owner', 'admin', 'manager', 'staff', 'viewer') THEN e."role" ELSE 'staff' END;--> statement-breakpoint
ALTER TABLE "employments" ALTER COLUMN "role_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_files" ADD CONSTRAINT "organisation_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_files" ADD CONSTRAINT "organisation_files_parent_id_organisation_files_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organisation_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_contact_emails" ADD CONSTRAINT "organisation_contact_emails_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_faqs" ADD CONSTRAINT "organisation_faqs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_modules" ADD CONSTRAINT "organisation_modules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_organisation_created_idx" ON "audit_entries" USING btree ("organisation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_organisation_actor_idx" ON "audit_entries" USING btree ("organisation_id","actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_organisation_action_idx" ON "audit_entries" USING btree ("organisation_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_organisation_resource_idx" ON "audit_entries" USING btree ("organisation_id","resource_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_files_name_key" ON "organisation_files" USING btree ("organisation_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_files_storage_key" ON "organisation_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "organisation_files_parent_idx" ON "organisation_files" USING btree ("organisation_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_key" ON "invitations" USING btree ("organisation_id",lower("email")) WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_organisation_status_idx" ON "invitations" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_contact_emails_email_key" ON "organisation_contact_emails" USING btree ("organisation_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_contact_emails_token_key" ON "organisation_contact_emails" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organisation_faqs_organisation_position_idx" ON "organisation_faqs" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "role_permissions_organisation_idx" ON "role_permissions" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_organisation_name_key" ON "roles" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_organisation_builtin_key" ON "roles" USING btree ("organisation_id","builtin_key");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_exceptions_schedule_date_key" ON "schedule_exceptions" USING btree ("schedule_id","date");--> statement-breakpoint
CREATE INDEX "schedule_exceptions_organisation_idx" ON "schedule_exceptions" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_organisation_name_key" ON "schedules" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employments_organisation_status_idx" ON "employments" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "employments_role_idx" ON "employments" USING btree ("role_id");--> statement-breakpoint
CREATE POLICY "employments_insert_permitted_or_invited" ON "employments" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("employments"."organisation_id", 'people.employment.write') or ("employments"."user_id" = (select auth.uid()) and app.is_invited_as("employments"."organisation_id", "employments"."role_id")));--> statement-breakpoint
CREATE POLICY "employments_update_permitted_or_invited" ON "employments" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("employments"."organisation_id", 'people.employment.write') or ("employments"."user_id" = (select auth.uid()) and app.is_invited("employments"."organisation_id"))) WITH CHECK (app.has_permission("employments"."organisation_id", 'people.employment.write') or ("employments"."user_id" = (select auth.uid()) and app.is_invited_as("employments"."organisation_id", "employments"."role_id")));--> statement-breakpoint
CREATE POLICY "organisations_update_permitted" ON "organisations" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("organisations"."id", 'settings.organisation.write')) WITH CHECK (app.has_permission("organisations"."id", 'settings.organisation.write'));--> statement-breakpoint
CREATE POLICY "audit_entries_select_permitted" ON "audit_entries" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("audit_entries"."organisation_id", 'settings.audit.read'));--> statement-breakpoint
CREATE POLICY "audit_entries_insert_own" ON "audit_entries" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("audit_entries"."actor_user_id" = (select auth.uid()) and (app.is_member("audit_entries"."organisation_id") or app.is_invited("audit_entries"."organisation_id")));--> statement-breakpoint
CREATE POLICY "organisation_files_select_permitted" ON "organisation_files" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("organisation_files"."organisation_id", 'storage.file.read'));--> statement-breakpoint
CREATE POLICY "organisation_files_insert_permitted" ON "organisation_files" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("organisation_files"."organisation_id", 'storage.file.write'));--> statement-breakpoint
CREATE POLICY "organisation_files_update_permitted" ON "organisation_files" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("organisation_files"."organisation_id", 'storage.file.write')) WITH CHECK (app.has_permission("organisation_files"."organisation_id", 'storage.file.write'));--> statement-breakpoint
CREATE POLICY "organisation_files_delete_permitted" ON "organisation_files" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("organisation_files"."organisation_id", 'storage.file.delete'));--> statement-breakpoint
CREATE POLICY "builtin_role_grants_select_all" ON "builtin_role_grants" AS PERMISSIVE FOR SELECT TO "authenticated" USING (true);--> statement-breakpoint
CREATE POLICY "invitations_select_permitted_or_invitee" ON "invitations" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("invitations"."organisation_id", 'people.invitation.read') or lower("invitations"."email") = app.jwt_email());--> statement-breakpoint
CREATE POLICY "invitations_insert_permitted" ON "invitations" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("invitations"."organisation_id", 'people.invitation.write'));--> statement-breakpoint
CREATE POLICY "invitations_update_permitted_or_invitee" ON "invitations" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("invitations"."organisation_id", 'people.invitation.write') or (lower("invitations"."email") = app.jwt_email() and "invitations"."status" = 'pending')) WITH CHECK (app.has_permission("invitations"."organisation_id", 'people.invitation.write') or (lower("invitations"."email") = app.jwt_email() and "invitations"."status" in ('accepted', 'declined')));--> statement-breakpoint
CREATE POLICY "organisation_contact_emails_select_member" ON "organisation_contact_emails" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_member("organisation_contact_emails"."organisation_id"));--> statement-breakpoint
CREATE POLICY "organisation_contact_emails_insert_permitted" ON "organisation_contact_emails" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("organisation_contact_emails"."organisation_id", 'settings.contact.write'));--> statement-breakpoint
CREATE POLICY "organisation_contact_emails_update_permitted" ON "organisation_contact_emails" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("organisation_contact_emails"."organisation_id", 'settings.contact.write')) WITH CHECK (app.has_permission("organisation_contact_emails"."organisation_id", 'settings.contact.write'));--> statement-breakpoint
CREATE POLICY "organisation_contact_emails_delete_permitted" ON "organisation_contact_emails" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("organisation_contact_emails"."organisation_id", 'settings.contact.write'));--> statement-breakpoint
CREATE POLICY "organisation_faqs_select_member" ON "organisation_faqs" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_member("organisation_faqs"."organisation_id"));--> statement-breakpoint
CREATE POLICY "organisation_faqs_insert_permitted" ON "organisation_faqs" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("organisation_faqs"."organisation_id", 'settings.faq.write'));--> statement-breakpoint
CREATE POLICY "organisation_faqs_update_permitted" ON "organisation_faqs" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("organisation_faqs"."organisation_id", 'settings.faq.write')) WITH CHECK (app.has_permission("organisation_faqs"."organisation_id", 'settings.faq.write'));--> statement-breakpoint
CREATE POLICY "organisation_faqs_delete_permitted" ON "organisation_faqs" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("organisation_faqs"."organisation_id", 'settings.faq.write'));--> statement-breakpoint
CREATE POLICY "organisation_modules_select_member" ON "organisation_modules" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_member("organisation_modules"."organisation_id"));--> statement-breakpoint
CREATE POLICY "organisation_modules_insert_permitted" ON "organisation_modules" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("organisation_modules"."organisation_id", 'settings.module.write'));--> statement-breakpoint
CREATE POLICY "organisation_modules_update_permitted" ON "organisation_modules" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("organisation_modules"."organisation_id", 'settings.module.write')) WITH CHECK (app.has_permission("organisation_modules"."organisation_id", 'settings.module.write'));--> statement-breakpoint
CREATE POLICY "role_permissions_select_member" ON "role_permissions" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_member("role_permissions"."organisation_id"));--> statement-breakpoint
CREATE POLICY "role_permissions_insert_custom" ON "role_permissions" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("role_permissions"."organisation_id", 'settings.role.write') and exists (select 1 from public.roles r where r.id = "role_permissions"."role_id" and r.organisation_id = "role_permissions"."organisation_id" and r.builtin_key is null));--> statement-breakpoint
CREATE POLICY "role_permissions_delete_custom" ON "role_permissions" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("role_permissions"."organisation_id", 'settings.role.write') and exists (select 1 from public.roles r where r.id = "role_permissions"."role_id" and r.organisation_id = "role_permissions"."organisation_id" and r.builtin_key is null));--> statement-breakpoint
CREATE POLICY "roles_select_member" ON "roles" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_member("roles"."organisation_id") or app.is_invited("roles"."organisation_id"));--> statement-breakpoint
CREATE POLICY "roles_insert_custom" ON "roles" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("roles"."builtin_key" is null and app.has_permission("roles"."organisation_id", 'settings.role.write'));--> statement-breakpoint
CREATE POLICY "roles_update_custom" ON "roles" AS PERMISSIVE FOR UPDATE TO "authenticated" USING ("roles"."builtin_key" is null and app.has_permission("roles"."organisation_id", 'settings.role.write')) WITH CHECK ("roles"."builtin_key" is null and app.has_permission("roles"."organisation_id", 'settings.role.write'));--> statement-breakpoint
CREATE POLICY "roles_delete_custom" ON "roles" AS PERMISSIVE FOR DELETE TO "authenticated" USING ("roles"."builtin_key" is null and app.has_permission("roles"."organisation_id", 'settings.role.write'));--> statement-breakpoint
CREATE POLICY "schedule_exceptions_select_permitted" ON "schedule_exceptions" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("schedule_exceptions"."organisation_id", 'settings.schedule.read'));--> statement-breakpoint
CREATE POLICY "schedule_exceptions_insert_permitted" ON "schedule_exceptions" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("schedule_exceptions"."organisation_id", 'settings.schedule.write'));--> statement-breakpoint
CREATE POLICY "schedule_exceptions_update_permitted" ON "schedule_exceptions" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("schedule_exceptions"."organisation_id", 'settings.schedule.write')) WITH CHECK (app.has_permission("schedule_exceptions"."organisation_id", 'settings.schedule.write'));--> statement-breakpoint
CREATE POLICY "schedule_exceptions_delete_permitted" ON "schedule_exceptions" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("schedule_exceptions"."organisation_id", 'settings.schedule.write'));--> statement-breakpoint
CREATE POLICY "schedules_select_permitted" ON "schedules" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("schedules"."organisation_id", 'settings.schedule.read'));--> statement-breakpoint
CREATE POLICY "schedules_insert_permitted" ON "schedules" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("schedules"."organisation_id", 'settings.schedule.write'));--> statement-breakpoint
CREATE POLICY "schedules_update_permitted" ON "schedules" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("schedules"."organisation_id", 'settings.schedule.write')) WITH CHECK (app.has_permission("schedules"."organisation_id", 'settings.schedule.write'));--> statement-breakpoint
CREATE POLICY "schedules_delete_permitted" ON "schedules" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("schedules"."organisation_id", 'settings.schedule.write'));--> statement-breakpoint
ALTER POLICY "employments_select_own_or_colleague" ON "employments" TO authenticated USING ("employments"."user_id" = (select auth.uid()) or app.is_member("employments"."organisation_id"));--> statement-breakpoint
ALTER POLICY "organisations_select_member" ON "organisations" TO authenticated USING (app.is_member("organisations"."id") or app.is_invited("organisations"."id"));