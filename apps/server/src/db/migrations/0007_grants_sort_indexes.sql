DROP INDEX "grants_close_date_idx";--> statement-breakpoint
DROP INDEX "grants_award_ceiling_idx";--> statement-breakpoint
CREATE INDEX "grants_close_date_id_idx" ON "grants" USING btree ("close_date","id");--> statement-breakpoint
CREATE INDEX "grants_close_date_desc_id_idx" ON "grants" USING btree ("close_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "grants_award_ceiling_id_idx" ON "grants" USING btree ("award_ceiling","id");--> statement-breakpoint
CREATE INDEX "grants_award_ceiling_desc_id_idx" ON "grants" USING btree ("award_ceiling" DESC NULLS LAST,"id");