ALTER TABLE "grants" ADD COLUMN "title_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "grants_title_vector_idx" ON "grants" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "grants_research_areas_idx" ON "grants" USING gin ("research_areas");--> statement-breakpoint
CREATE OR REPLACE FUNCTION grants_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.title_vector := to_tsvector('english', coalesce(NEW.title, ''));
  NEW.search_vector :=
    setweight(NEW.title_vector, 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.research_areas, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '') || ' ' || coalesce(NEW.program_title, '') || ' ' || coalesce(NEW.objectives, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.agency, '') || ' ' || coalesce(NEW.agency_code, '')), 'D');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE grants SET title_vector = to_tsvector('english', coalesce(title, ''));
