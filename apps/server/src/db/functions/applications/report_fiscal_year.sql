-- report_fiscal_year: the federal fiscal year a moment falls in (decision 040).
-- Keeps: nothing itself (pure); the year key of researcher_activity_years. The year a moment
--   falls in, by its UTC day, is the year it ends in: 1 October 2024 to 30 September 2025 is 2025.
-- Owner: applications
-- Triggers: none; called by researcher_activity_count (for the activity triggers) and
--   researcher_activity_years_counted.
-- TypeScript twin: fiscalYearOf (packages/contract/src/admin.ts), for a day rather than a moment.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION report_fiscal_year(at timestamptz) RETURNS integer AS $$
  SELECT extract(year FROM (at AT TIME ZONE 'UTC') + interval '3 months')::integer
$$ LANGUAGE sql IMMUTABLE STRICT;
