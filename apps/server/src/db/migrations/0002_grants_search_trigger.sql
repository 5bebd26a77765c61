-- Keeps grants.search_vector in step with the row. Weights follow the seed's
-- field weights: title A (0.4), research areas B (0.3), description and
-- program text C (0.2), agency D (0.1).
CREATE OR REPLACE FUNCTION grants_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.research_areas, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '') || ' ' || coalesce(NEW.program_title, '') || ' ' || coalesce(NEW.objectives, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.agency, '') || ' ' || coalesce(NEW.agency_code, '')), 'D');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER grants_search_vector_trigger
  BEFORE INSERT OR UPDATE OF title, research_areas, description, program_title, objectives, agency, agency_code
  ON grants FOR EACH ROW EXECUTE FUNCTION grants_search_vector_update();
