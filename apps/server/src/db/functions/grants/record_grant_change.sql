-- record_grant_change: the catalogue's change log.
-- Keeps: grant_changes: a row 'inserted' for each new grant, and a row 'updated' with
--   { field: [old, new] } for each update that changes postDate, closeDate, awardCeiling,
--   awardFloor, totalFunding, eligibilityCodes or status. Nothing while the setting
--   gb.skip_grant_changes is 'on' (demo date shifts, search-vector refills).
-- Owner: grants
-- Triggers: grants_record_change, AFTER UPDATE ON grants, per row, when one of those fields
--   changed; grants_record_change_inserted, AFTER INSERT ON grants, per statement: one insert
--   for all the statement's new grants (an import batch; decision 058).
-- TypeScript twin: none; GrantChange (apps/server/src/modules/grants/grant-changes.repository.ts)
--   reads the log with these field names, and the notifications module's grant-alerts.ts words them.
-- Test: apps/server/src/modules/notifications/due-work.test.ts

CREATE OR REPLACE FUNCTION record_grant_change() RETURNS trigger AS $$
DECLARE
  diff jsonb := '{}'::jsonb;
BEGIN
  IF coalesce(current_setting('gb.skip_grant_changes', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO grant_changes (grant_id, kind, changes) SELECT n.id, 'inserted', '{}'::jsonb FROM inserted_grants n;
    RETURN NULL;
  END IF;
  IF OLD.post_date IS DISTINCT FROM NEW.post_date THEN diff := diff || jsonb_build_object('postDate', jsonb_build_array(OLD.post_date, NEW.post_date)); END IF;
  IF OLD.close_date IS DISTINCT FROM NEW.close_date THEN diff := diff || jsonb_build_object('closeDate', jsonb_build_array(OLD.close_date, NEW.close_date)); END IF;
  IF OLD.award_ceiling IS DISTINCT FROM NEW.award_ceiling THEN diff := diff || jsonb_build_object('awardCeiling', jsonb_build_array(OLD.award_ceiling, NEW.award_ceiling)); END IF;
  IF OLD.award_floor IS DISTINCT FROM NEW.award_floor THEN diff := diff || jsonb_build_object('awardFloor', jsonb_build_array(OLD.award_floor, NEW.award_floor)); END IF;
  IF OLD.total_funding IS DISTINCT FROM NEW.total_funding THEN diff := diff || jsonb_build_object('totalFunding', jsonb_build_array(OLD.total_funding, NEW.total_funding)); END IF;
  IF OLD.eligibility_codes IS DISTINCT FROM NEW.eligibility_codes THEN diff := diff || jsonb_build_object('eligibilityCodes', jsonb_build_array(to_jsonb(OLD.eligibility_codes), to_jsonb(NEW.eligibility_codes))); END IF;
  IF OLD.status IS DISTINCT FROM NEW.status THEN diff := diff || jsonb_build_object('status', jsonb_build_array(OLD.status, NEW.status)); END IF;
  IF diff <> '{}'::jsonb THEN
    INSERT INTO grant_changes (grant_id, kind, changes) VALUES (NEW.id, 'updated', diff);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER grants_record_change AFTER UPDATE ON grants FOR EACH ROW
  WHEN (OLD.post_date IS DISTINCT FROM NEW.post_date OR OLD.close_date IS DISTINCT FROM NEW.close_date
    OR OLD.award_ceiling IS DISTINCT FROM NEW.award_ceiling OR OLD.award_floor IS DISTINCT FROM NEW.award_floor
    OR OLD.total_funding IS DISTINCT FROM NEW.total_funding OR OLD.eligibility_codes IS DISTINCT FROM NEW.eligibility_codes
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION record_grant_change();

CREATE OR REPLACE TRIGGER grants_record_change_inserted AFTER INSERT ON grants
  REFERENCING NEW TABLE AS inserted_grants FOR EACH STATEMENT
  EXECUTE FUNCTION record_grant_change();
