-- Issue 29 §2, decision 060 (amended): sponsors' caps on applications per person are rows, no longer a
-- constant of the contract. Another sponsor's cap is another row.
CREATE TABLE "sponsor_cap_rules" (
	"sponsor" text PRIMARY KEY NOT NULL,
	"agency_code_prefixes" text[] NOT NULL,
	"cap" integer NOT NULL,
	"period" text NOT NULL,
	"year_basis" text NOT NULL,
	"counted_stages" text[] NOT NULL,
	"withdrawn_counts_if_submitted" boolean NOT NULL,
	"roles" text[] NOT NULL,
	"excluded_activity_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"counted_application_types" text[] NOT NULL,
	"effective_from" date NOT NULL,
	"source_notice" text NOT NULL,
	"source_title" text NOT NULL,
	"source_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_cap_rules_sponsor_check" CHECK (btrim(sponsor) <> '' AND length(sponsor) <= 40),
	CONSTRAINT "sponsor_cap_rules_agency_code_prefixes_check" CHECK (cardinality(agency_code_prefixes) > 0 AND array_to_string(agency_code_prefixes, ',', '') ~ '^[A-Za-z0-9-]+(,[A-Za-z0-9-]+)*$'),
	CONSTRAINT "sponsor_cap_rules_cap_check" CHECK (cap > 0),
	CONSTRAINT "sponsor_cap_rules_period_check" CHECK (period IN ('calendar-year')),
	CONSTRAINT "sponsor_cap_rules_year_basis_check" CHECK (year_basis IN ('sponsor-close-date')),
	CONSTRAINT "sponsor_cap_rules_counted_stages_check" CHECK (cardinality(counted_stages) > 0 AND counted_stages <@ ARRAY['submitted', 'under_review', 'awarded', 'rejected']::text[]),
	CONSTRAINT "sponsor_cap_rules_roles_check" CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['pi']::text[]),
	CONSTRAINT "sponsor_cap_rules_excluded_activity_codes_check" CHECK (cardinality(excluded_activity_codes) = 0 OR array_to_string(excluded_activity_codes, ',', '') ~ '^[A-Z][A-Z0-9]{0,2}[*]?(,[A-Z][A-Z0-9]{0,2}[*]?)*$'),
	CONSTRAINT "sponsor_cap_rules_counted_application_types_check" CHECK (cardinality(counted_application_types) > 0 AND counted_application_types <@ ARRAY['new', 'renewal', 'resubmission', 'revision']::text[]),
	CONSTRAINT "sponsor_cap_rules_source_check" CHECK (btrim(source_notice) <> '' AND btrim(source_title) <> '' AND source_url ~ '^https://')
);--> statement-breakpoint
-- NIH notice NOT-OD-25-132 (from the 25 September 2025 receipt date): six new, renewal, resubmission or
-- revision applications per PI/PD a calendar year; T activity codes and R13 conference grants exempt.
-- Stages, the withdrawal and the roles are GrantBridge's reading (decision 060).
INSERT INTO "sponsor_cap_rules" (
	"sponsor", "agency_code_prefixes", "cap", "period", "year_basis", "counted_stages", "withdrawn_counts_if_submitted",
	"roles", "excluded_activity_codes", "counted_application_types", "effective_from", "source_notice", "source_title", "source_url"
) VALUES (
	'NIH', ARRAY['HHS-NIH'], 6, 'calendar-year', 'sponsor-close-date', ARRAY['submitted', 'under_review', 'awarded', 'rejected'], true,
	ARRAY['pi'], ARRAY['T*', 'R13'], ARRAY['new', 'renewal', 'resubmission', 'revision'], '2025-09-25', 'NOT-OD-25-132',
	'Supporting Fairness and Originality in NIH Research Applications',
	'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-132.html'
);
