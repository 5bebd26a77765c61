CREATE INDEX "grants_agency_code_pattern_idx" ON "grants" USING btree ("agency_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "grants_agency_name_idx" ON "grants" USING btree (lower("agency"));--> statement-breakpoint
CREATE INDEX "grants_award_ceiling_idx" ON "grants" USING btree ("award_ceiling");