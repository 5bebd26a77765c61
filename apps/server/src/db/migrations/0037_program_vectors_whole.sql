-- Search fields for BM25F (decision 042). The programme text is its own field
-- now, so its cached vector is the whole text's (the head/tail split of
-- migration 0008 existed to splice it into the description's); the cache is
-- emptied and refilled by the next import, the trigger tokenising what it
-- does not find meanwhile.
DELETE FROM grant_program_vectors;--> statement-breakpoint
ALTER TABLE "grant_program_vectors" ADD COLUMN "vector" "tsvector" NOT NULL;--> statement-breakpoint
DROP FUNCTION IF EXISTS grants_program_split(text);--> statement-breakpoint
-- The search vector is title (A), description (C), programme title and
-- objectives (B), research areas (B) and agency (D), concatenated in that
-- order. A marker lexeme after each field shows where it ends (concatenation
-- shifts the right-hand vector past the left's last position); their
-- positions go to field_ends and the markers are deleted.
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
SELECT set_config('gb.skip_grant_changes', 'on', true);--> statement-breakpoint
UPDATE grants SET title = title;--> statement-breakpoint
SELECT set_config('gb.skip_grant_changes', '', true);
