CREATE TABLE "grant_area_stats" (
	"area" text PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
