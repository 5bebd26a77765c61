ALTER TABLE "grants" ADD COLUMN "agency_keys" text[];--> statement-breakpoint
CREATE INDEX "grants_agency_keys_idx" ON "grants" USING gin ("agency_keys");