-- grants_search_vector_update: the search vector of a grant.
-- Keeps: grants.search_vector (title A, description C, programme title and objectives B,
--   research areas B, agency D, concatenated in that order), grants.title_vector and
--   grants.field_ends (where each field ends in the vector), from the row and the programme
--   vectors the importer cached in grant_program_vectors (decision 042).
-- Owner: grants
-- Triggers: grants_search_vector_trigger, BEFORE INSERT OR UPDATE OF title, research_areas,
--   description, program_title, objectives, agency, agency_code ON grants.
-- TypeScript twin: none computes the vector; fieldNames in apps/server/src/modules/search/bm25f.ts
--   names its fields in the same order, and scoreDocument reads field_ends.
-- Test: apps/server/src/modules/search/ranking.test.ts, apps/server/src/modules/grants/import/import-extract.test.ts
--
-- A marker lexeme after each field shows where it ends (concatenation shifts the right-hand
-- vector past the left's last position); their positions go to field_ends and the markers are
-- deleted. A programme text not found in the cache is tokenised here.

CREATE OR REPLACE FUNCTION grants_search_vector_update() RETURNS trigger AS $$
DECLARE
  program text := coalesce(NEW.program_title, '') || ' ' || coalesce(NEW.objectives, '');
  program_vector tsvector;
  marked tsvector;
  markers text[] := ARRAY['§end0', '§end1', '§end2', '§end3', '§end4'];
BEGIN
  IF program <> ' ' THEN
    SELECT p.vector INTO program_vector FROM grant_program_vectors p
      WHERE p.program_hash = md5(program) AND p.program_text = program;
    IF program_vector IS NULL THEN
      program_vector := to_tsvector('english', program);
    END IF;
  ELSE
    program_vector := ''::tsvector;
  END IF;
  NEW.title_vector := to_tsvector('english', coalesce(NEW.title, ''));
  marked :=
    setweight(NEW.title_vector, 'A') || '''§end0'':1'::tsvector ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C') || '''§end1'':1'::tsvector ||
    setweight(program_vector, 'B') || '''§end2'':1'::tsvector ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.research_areas, ' '), '')), 'B') || '''§end3'':1'::tsvector ||
    setweight(to_tsvector('english', coalesce(NEW.agency, '') || ' ' || coalesce(NEW.agency_code, '')), 'D') ||
    '''§end4'':1'::tsvector;
  SELECT array_agg(u.positions[1] ORDER BY u.lexeme) INTO NEW.field_ends
    FROM unnest(ts_filter(setweight(setweight(marked, 'D'), 'A', markers), '{a}')) AS u;
  NEW.search_vector := ts_delete(marked, markers);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER grants_search_vector_trigger
  BEFORE INSERT OR UPDATE OF title, research_areas, description, program_title, objectives, agency, agency_code
  ON grants FOR EACH ROW EXECUTE FUNCTION grants_search_vector_update();
