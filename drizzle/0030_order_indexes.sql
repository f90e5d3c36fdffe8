DROP INDEX "order_events_organisation_idx";--> statement-breakpoint
DROP INDEX "order_tasks_order_idx";--> statement-breakpoint
CREATE INDEX "order_events_organisation_order_idx" ON "order_events" USING btree ("organisation_id","order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_organisation_order_idx" ON "order_refunds" USING btree ("organisation_id","order_id");--> statement-breakpoint
CREATE INDEX "order_tasks_organisation_order_idx" ON "order_tasks" USING btree ("organisation_id","order_id");