ALTER TABLE "order_refunds" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "send_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "send_error" text;--> statement-breakpoint
CREATE INDEX "order_refunds_to_send_idx" ON "order_refunds" USING btree ("send_after") WHERE "order_refunds"."status" = 'requested';--> statement-breakpoint
-- Requested refunds already waiting keep their order (oldest first).
UPDATE "order_refunds" SET "send_after" = "created_at" WHERE "status" = 'requested';
