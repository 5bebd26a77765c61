-- grant_search_fields: a grant's search vector, title vector and field ends, from its text.
-- Keeps: nothing itself; it is the one formula of grants.search_vector (title A, description C,
--   programme title and objectives B, research areas B, agency D, concatenated in that order),
--   grants.title_vector and grants.field_ends (where each field ends in the vector), with the
--   programme's vector from grant_program_vectors (tokenised here when not cached; decision 042).
-- Owner: grants
-- Triggers: none; grants_search_vector_update calls it per row, and the importer's insert
--   (apps/server/src/modules/grants/import/import.repository.ts) per batch (decision 058).
-- TypeScript twin: none computes the vector; fieldNames in apps/server/src/modules/search/bm25f.ts
--   names its fields in the same order, and scoreDocument reads field_ends.
-- Test: apps/server/src/modules/search/ranking.test.ts, apps/server/src/modules/grants/import/import-extract.test.ts
--
-- A marker lexeme after each field shows where it ends (concatenation shifts the right-hand
-- vector past the left's last position); their positions go to field_ends and the markers are
-- deleted. A SQL function the planner inlines: a batch computes its rows' fields in one
-- statement, without a PL/pgSQL call per row. OFFSET 0 keeps each vector computed once.

CREATE OR REPLACE FUNCTION grant_search_fields(
  title text, description text, program_title text, objectives text, research_areas text[], agency text, agency_code text
) RETURNS TABLE (search_vector tsvector, title_vector tsvector, field_ends integer[]) AS $$
  SELECT ts_delete(m.marked, ARRAY['§end0', '§end1', '§end2', '§end3', '§end4']), m.title_vector,
    (SELECT array_agg(u.positions[1] ORDER BY u.lexeme)
       FROM unnest(ts_filter(setweight(setweight(m.marked, 'D'), 'A', ARRAY['§end0', '§end1', '§end2', '§end3', '§end4']), '{a}')) AS u)
  FROM (
    SELECT t.title_vector,
      setweight(t.title_vector, 'A') || '''§end0'':1'::tsvector ||
      setweight(to_tsvector('english', coalesce(description, '')), 'C') || '''§end1'':1'::tsvector ||
      setweight(CASE WHEN t.program = ' ' THEN ''::tsvector
        ELSE coalesce((SELECT p.vector FROM grant_program_vectors p WHERE p.program_hash = md5(t.program) AND p.program_text = t.program),
                      to_tsvector('english', t.program)) END, 'B') || '''§end2'':1'::tsvector ||
      setweight(to_tsvector('english', coalesce(array_to_string(research_areas, ' '), '')), 'B') || '''§end3'':1'::tsvector ||
      setweight(to_tsvector('english', coalesce(agency, '') || ' ' || coalesce(agency_code, '')), 'D') || '''§end4'':1'::tsvector AS marked
    FROM (SELECT to_tsvector('english', coalesce(title, '')) AS title_vector,
            coalesce(program_title, '') || ' ' || coalesce(objectives, '') AS program OFFSET 0) AS t
    OFFSET 0) AS m
$$ LANGUAGE sql STABLE PARALLEL SAFE;
