CREATE TABLE "grant_acronyms" (
	"acronym" text NOT NULL,
	"expansion" text NOT NULL,
	"docs" integer NOT NULL,
	CONSTRAINT "grant_acronyms_acronym_expansion_pk" PRIMARY KEY("acronym","expansion")
);
--> statement-breakpoint
CREATE TABLE "grant_field_stats" (
	"field" text PRIMARY KEY NOT NULL,
	"average_length" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant_ngrams" (
	"gram" text PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant_words" (
	"word" text PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "field_ends" integer[];--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "number_key" text GENERATED ALWAYS AS (lower(regexp_replace(opportunity_number, '[^A-Za-z0-9]', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "grant_acronyms_expansion_idx" ON "grant_acronyms" USING btree ("expansion");--> statement-breakpoint
CREATE INDEX "grants_number_key_idx" ON "grants" USING btree ("number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "grants_cfda_numbers_idx" ON "grants" USING gin ("cfda_numbers");--> statement-breakpoint
ALTER TABLE "grant_program_vectors" DROP COLUMN "head";--> statement-breakpoint
ALTER TABLE "grant_program_vectors" DROP COLUMN "tail_vector";--> statement-breakpoint
ALTER TABLE "grant_program_vectors" DROP COLUMN "tail_max_positions";--> statement-breakpoint
ALTER TABLE "grant_program_vectors" DROP COLUMN "tail_last_position";