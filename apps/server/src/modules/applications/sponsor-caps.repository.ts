// SQL for the sponsor application caps (sponsor-caps.ts): the sponsors' rules
// (rows of sponsor_cap_rules, migration 0048), and the applications
// that may count against a cap, those a person leads or those the PIs of an
// institution lead, on grants of the rule's agency codes whose year-basis day
// (close date, else submission day) falls in the period. Which of them count
// is the pure rule's to say (sponsor-cap-rules.ts). Reads the catalogue's
// grants and the people's names (decision 014).
import { sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { SponsorCapApplicationType, SponsorCapRule } from '@grantbridge/contract/sponsor-caps';
import { queryRows, uuidArray, type Db } from '../../db/client';
import type { CapCandidate } from './sponsor-cap-rules';

export type CapCandidateRow = CapCandidate & { userId: string; name: string; department: string | null };

type Scope = { userIds: string[] } | { institutionId: string };

function likeAny(prefixes: readonly string[]): SQL {
  const escaped = prefixes.map((p) => `${p.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return sql.join(
    escaped.map((p) => sql`upper(g.agency_code) LIKE ${p}`),
    sql` OR `,
  );
}

export async function listCapCandidates(
  db: Db,
  scope: Scope,
  agencyCodePrefixes: readonly string[],
  period: { from: string; to: string },
): Promise<CapCandidateRow[]> {
  if (!agencyCodePrefixes.length || ('userIds' in scope && !scope.userIds.length)) return [];
  const who = 'userIds' in scope ? sql`a.user_id = ANY(${uuidArray(scope.userIds)})` : sql`a.pi_institution_id = ${scope.institutionId}`;
  const rows = await queryRows<{
    user_id: string;
    name: string;
    department: string | null;
    status: ApplicationStatus;
    was_submitted: boolean;
    title: string;
    opportunity_number: string;
    agency_code: string | null;
    close_date: string | null;
    submitted_day: string | null;
  }>(
    db,
    sql`SELECT a.user_id, u.name, u.department, a.status, a.submitted_at IS NOT NULL AS was_submitted,
        g.title, g.opportunity_number, g.agency_code, to_char(g.close_date, 'YYYY-MM-DD') AS close_date,
        to_char(a.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS submitted_day
      FROM applications a JOIN grants g ON g.id = a.grant_id JOIN users u ON u.id = a.user_id
      WHERE ${who} AND u.status = 'active' AND (${likeAny(agencyCodePrefixes)})
        AND coalesce(g.close_date, (a.submitted_at AT TIME ZONE 'UTC')::date) BETWEEN ${period.from}::date AND ${period.to}::date
      ORDER BY u.name, a.user_id`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    department: r.department,
    status: r.status,
    wasSubmitted: r.was_submitted,
    grantTitle: r.title,
    opportunityNumber: r.opportunity_number,
    agencyCode: r.agency_code,
    closeDate: r.close_date,
    submittedDay: r.submitted_day,
  }));
}

/** The grant's agency code and close date (which cap it falls under, and which year). */
export async function findGrantCapKeys(db: Db, grantId: string) {
  const [row] = await queryRows<{ agency_code: string | null; close_date: string | null }>(
    db,
    sql`SELECT agency_code, to_char(close_date, 'YYYY-MM-DD') AS close_date FROM grants WHERE id = ${grantId}`,
  );
  return row ? { agencyCode: row.agency_code, closeDate: row.close_date } : null;
}

/** Every sponsor's cap, by sponsor name (the first rule whose prefix matches a grant's agency code is its). */
export async function listSponsorCapRules(db: Db): Promise<SponsorCapRule[]> {
  const rows = await queryRows<{
    sponsor: string;
    agency_code_prefixes: string[];
    cap: number;
    period: SponsorCapRule['period'];
    year_basis: SponsorCapRule['yearBasis'];
    counted_stages: ApplicationStatus[];
    withdrawn_counts_if_submitted: boolean;
    roles: SponsorCapRule['roles'];
    excluded_activity_codes: string[];
    counted_application_types: SponsorCapApplicationType[];
    effective_from: string;
    source_notice: string;
    source_title: string;
    source_url: string;
  }>(
    db,
    sql`SELECT sponsor, agency_code_prefixes, cap, period, year_basis, counted_stages, withdrawn_counts_if_submitted, roles,
        excluded_activity_codes, counted_application_types, to_char(effective_from, 'YYYY-MM-DD') AS effective_from,
        source_notice, source_title, source_url
      FROM sponsor_cap_rules ORDER BY sponsor COLLATE "C"`,
  );
  return rows.map((r) => ({
    sponsor: r.sponsor,
    agencyCodePrefixes: r.agency_code_prefixes,
    cap: r.cap,
    period: r.period,
    yearBasis: r.year_basis,
    countedStages: r.counted_stages,
    withdrawnCountsIfSubmitted: r.withdrawn_counts_if_submitted,
    roles: r.roles,
    excludedActivityCodes: r.excluded_activity_codes,
    countedApplicationTypes: r.counted_application_types,
    effectiveFrom: r.effective_from,
    source: { notice: r.source_notice, title: r.source_title, url: r.source_url },
  }));
}
