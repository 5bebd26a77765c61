CREATE TABLE "grant_program_vectors" (
	"program_hash" text PRIMARY KEY NOT NULL,
	"program_text" text NOT NULL,
	"head" text NOT NULL,
	"tail_vector" "tsvector" NOT NULL,
	"tail_max_positions" integer NOT NULL,
	"tail_last_position" integer NOT NULL
);
--> statement-breakpoint
-- Splits an Assistance Listing's text so that, for a description d,
--   to_tsvector(d || ' ' || head) || tail = to_tsvector(d || ' ' || program)
-- with the same lexemes, positions and weights: `head` runs to the first
-- space after the first word that yields a lexeme, and is kept only if the
-- split checks out on the text alone (the concatenation then shifts the tail
-- as one tokenisation would, whatever comes before the head). Otherwise, or
-- for text with no lexeme, the whole text is the head: the plain formula.
CREATE OR REPLACE FUNCTION grants_program_split(
  program text,
  OUT head text, OUT tail tsvector, OUT tail_max_positions int, OUT tail_last_position int
) LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  cut int := 0;
  step int;
  candidate text;
  rest tsvector;
BEGIN
  head := program;
  tail := ''::tsvector;
  LOOP
    step := position(' ' IN substr(program, cut + 1));
    EXIT WHEN step = 0;
    cut := cut + step;
    candidate := left(program, cut - 1);
    CONTINUE WHEN to_tsvector('english', candidate) = ''::tsvector;
    rest := to_tsvector('english', substr(program, cut + 1));
    IF to_tsvector('english', candidate) || rest = to_tsvector('english', program) THEN
      head := candidate;
      tail := rest;
    END IF;
    EXIT;
  END LOOP;
  SELECT coalesce(max(cardinality(u.positions)), 0), coalesce(max(u.positions[cardinality(u.positions)]), 0)
    INTO tail_max_positions, tail_last_position FROM unnest(tail) AS u;
END
$$;
--> statement-breakpoint
-- The same vectors as migration 0004's, with the program text taken from
-- grant_program_vectors when the importer has prepared it. tsvector keeps at
-- most 255 positions per lexeme and positions up to 16383, and concatenation
-- caps differently from to_tsvector; where the lengths cannot rule that out,
-- the left vector is checked, and if a cap could be reached the text is
-- tokenised whole, as without the cache.
CREATE OR REPLACE FUNCTION grants_search_vector_update() RETURNS trigger AS $$
DECLARE
  program text := coalesce(NEW.program_title, '') || ' ' || coalesce(NEW.objectives, '');
  cached grant_program_vectors%ROWTYPE;
  body tsvector;
  left_chars int;
  left_max_positions int := 0;
  left_last_position int := 0;
BEGIN
  IF program <> ' ' THEN
    SELECT * INTO cached FROM grant_program_vectors p
      WHERE p.program_hash = md5(program) AND p.program_text = program;
  END IF;
  IF cached.program_hash IS NULL THEN
    body := to_tsvector('english', coalesce(NEW.description, '') || ' ' || program);
  ELSE
    body := to_tsvector('english', coalesce(NEW.description, '') || ' ' || cached.head);
    left_chars := length(coalesce(NEW.description, '')) + 1 + length(cached.head);
    -- Short texts cannot reach the caps: each position of a lexeme takes a
    -- character of its own, and no text has more than two positions per character.
    IF left_chars + cached.tail_max_positions > 255 OR 2 * left_chars + cached.tail_last_position > 16383 THEN
      SELECT coalesce(max(cardinality(u.positions)), 0), coalesce(max(u.positions[cardinality(u.positions)]), 0)
        INTO left_max_positions, left_last_position FROM unnest(body) AS u;
    END IF;
    IF left_max_positions + cached.tail_max_positions > 255 OR left_last_position + cached.tail_last_position > 16383 THEN
      body := to_tsvector('english', coalesce(NEW.description, '') || ' ' || program);
    ELSE
      body := body || cached.tail_vector;
    END IF;
  END IF;
  NEW.title_vector := to_tsvector('english', coalesce(NEW.title, ''));
  NEW.search_vector :=
    setweight(NEW.title_vector, 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.research_areas, ' '), '')), 'B') ||
    setweight(body, 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.agency, '') || ' ' || coalesce(NEW.agency_code, '')), 'D');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
