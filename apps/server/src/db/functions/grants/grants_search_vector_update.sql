-- grants_search_vector_update: the search vector of a grant.
-- Keeps: grants.search_vector, grants.title_vector and grants.field_ends, by grant_search_fields
--   (the formula, in its own file) from the row and the programme vectors the importer cached in
--   grant_program_vectors (decision 042).
-- Owner: grants
-- Triggers: grants_search_vector_trigger, BEFORE UPDATE OF title, research_areas, description,
--   program_title, objectives, agency, agency_code ON grants; grants_search_vector_insert, BEFORE
--   INSERT ON grants, for a row inserted without its search vector (the importer inserts its
--   batches with grant_search_fields' values already in: decision 058).
-- TypeScript twin: none computes the vector; fieldNames in apps/server/src/modules/search/bm25f.ts
--   names its fields in the same order, and scoreDocument reads field_ends.
-- Test: apps/server/src/modules/search/ranking.test.ts, apps/server/src/modules/grants/import/import-extract.test.ts

CREATE OR REPLACE FUNCTION grants_search_vector_update() RETURNS trigger AS $$
BEGIN
  SELECT f.search_vector, f.title_vector, f.field_ends INTO NEW.search_vector, NEW.title_vector, NEW.field_ends
    FROM grant_search_fields(NEW.title, NEW.description, NEW.program_title, NEW.objectives,
                             NEW.research_areas, NEW.agency, NEW.agency_code) AS f;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER grants_search_vector_trigger
  BEFORE UPDATE OF title, research_areas, description, program_title, objectives, agency, agency_code
  ON grants FOR EACH ROW EXECUTE FUNCTION grants_search_vector_update();

CREATE OR REPLACE TRIGGER grants_search_vector_insert
  BEFORE INSERT ON grants FOR EACH ROW WHEN (NEW.search_vector IS NULL)
  EXECUTE FUNCTION grants_search_vector_update();
