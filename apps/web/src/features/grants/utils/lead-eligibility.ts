// Whether a university can lead an application for a grant. Small-business
// programmes (SBIR, STTR) are applied for by a small business, with a
// university as its subcontractor or research partner; and Grants.gov's
// eligibility codes may leave higher education out altogether. Either way a
// researcher should know before pressing Apply Now.
import { eligibleApplicantLabels } from '@grantbridge/contract/code-tables';
import type { GrantDetail } from '@grantbridge/contract/grants';

/**
 * Codes under which a university may apply: public (06) and private (20)
 * higher education, "others, see the text" (25) and unrestricted (99).
 */
const universityCodes = new Set(['06', '20', '25', '99']);

const sbir = /\bSBIR\b|small business innovation research|\bR4[34]\b|\bU4[34]\b/i;
const sttr = /\bSTTR\b|small business technology transfer|\bR4[12]\b|\bUT[12]\b/i;

export type LeadWarning = { kind: 'sbir' | 'sttr' | 'sbir-sttr' | 'eligibility'; text: string };

type GrantFacts = Pick<GrantDetail, 'title' | 'opportunityNumber' | 'programTitle' | 'eligibility'>;

/** The plain warning to show before Apply Now, or null when a university can lead. */
export function universityLeadWarning(grant: GrantFacts): LeadWarning | null {
  const named = [grant.title, grant.opportunityNumber, grant.programTitle ?? ''].join(' \n ');
  const isSbir = sbir.test(named);
  const isSttr = sttr.test(named);
  if (isSbir && isSttr) {
    return {
      kind: 'sbir-sttr',
      text: 'This is a small-business programme (SBIR/STTR): a small business applies and leads the project. A university cannot be the applicant; it can take part as the small business’s subcontractor (SBIR) or research partner (STTR).',
    };
  }
  if (isSbir) {
    return {
      kind: 'sbir',
      text: 'This is a Small Business Innovation Research (SBIR) opportunity: a small business applies and leads the project. A university cannot be the applicant; it can take part as the small business’s subcontractor.',
    };
  }
  if (isSttr) {
    return {
      kind: 'sttr',
      text: 'This is a Small Business Technology Transfer (STTR) opportunity: a small business applies and leads the project. A university cannot be the applicant; it can join as the small business’s research partner.',
    };
  }
  const codes = grant.eligibility.applicantTypes.map((t) => t.code);
  if (codes.length > 0 && !codes.some((code) => universityCodes.has(code))) {
    const who = grant.eligibility.applicantTypes
      .map((t) => t.label || eligibleApplicantLabels[t.code] || t.code)
      .join('; ');
    return {
      kind: 'eligibility',
      text: `Grants.gov does not list universities among those who may apply. Eligible: ${who}. Check with your research office before you start an application.`,
    };
  }
  return null;
}
