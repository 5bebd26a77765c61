-- Decision 049: which facts count in a researcher's activity is stated once, in
-- researcher_activity_facts() (db/functions/pipeline/); the triggers add a row's facts after it is
-- written and take them away before it changes or goes (researcher_activity_count()), so the helper
-- that moved one count between person-years goes. The function files replace the triggers' bodies
-- after this migration, under the same start-up lock.
DROP FUNCTION IF EXISTS researcher_activity_move(uuid, integer, uuid, integer, integer, integer, integer, integer);
