CREATE TABLE "grant_term_stats" (
	"term" text PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "grant_term_stats" ("term", "docs") SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM grants WHERE search_vector IS NOT NULL');--> statement-breakpoint
INSERT INTO "grant_term_stats" ("term", "docs") SELECT '', count(*)::int FROM grants;
