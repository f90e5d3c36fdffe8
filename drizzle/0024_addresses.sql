CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text,
	"recipient_name" text NOT NULL,
	"phone" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_country_format" CHECK ("addresses"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "addresses_lengths" CHECK (char_length("addresses"."recipient_name") between 1 and 120
        and char_length("addresses"."line1") between 1 and 200
        and char_length(coalesce("addresses"."line2", '')) <= 200
        and char_length("addresses"."city") between 1 and 100
        and char_length(coalesce("addresses"."region", '')) <= 100
        and char_length("addresses"."postal_code") <= 20
        and char_length(coalesce("addresses"."label", '')) <= 40
        and char_length(coalesce("addresses"."phone", '')) <= 30)
);
--> statement-breakpoint
ALTER TABLE "addresses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_created_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_per_user" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE POLICY "addresses_select_own" ON "addresses" AS PERMISSIVE FOR SELECT TO "authenticated" USING ("addresses"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "addresses_insert_own" ON "addresses" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("addresses"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "addresses_update_own" ON "addresses" AS PERMISSIVE FOR UPDATE TO "authenticated" USING ("addresses"."user_id" = (select auth.uid())) WITH CHECK ("addresses"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "addresses_delete_own" ON "addresses" AS PERMISSIVE FOR DELETE TO "authenticated" USING ("addresses"."user_id" = (select auth.uid()));