CREATE INDEX "application_events_created_at_idx" ON "application_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_events_rejected_idx" ON "application_events" USING btree ("created_at") WHERE to_status = 'rejected';--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "applications_awarded_at_idx" ON "applications" USING btree ("awarded_at") WHERE status = 'awarded';--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_submitted_at_idx" ON "applications" USING btree ("submitted_at") WHERE submitted_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_updated_at_id_idx" ON "applications" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);