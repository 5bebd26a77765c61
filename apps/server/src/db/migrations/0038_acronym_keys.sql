DROP INDEX "grant_acronyms_expansion_idx";--> statement-breakpoint
ALTER TABLE "grant_acronyms" ADD COLUMN "expansion_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "grant_acronyms_expansion_key_idx" ON "grant_acronyms" USING btree ("expansion_key");--> statement-breakpoint
-- The vocabulary is mined again at the next start (term-stats.ts backfillSearchStatistics), which fills the keys.
DELETE FROM grant_ngrams WHERE gram = '';
