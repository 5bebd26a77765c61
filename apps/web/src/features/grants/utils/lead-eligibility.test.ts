import { describe, expect, it } from 'vitest';
import { universityLeadWarning } from './lead-eligibility';

const grant = (over: {
  title?: string;
  opportunityNumber?: string;
  programTitle?: string | null;
  codes?: string[];
}) => ({
  title: over.title ?? 'Ecosystem resilience research',
  opportunityNumber: over.opportunityNumber ?? 'NSF-24-001',
  programTitle: over.programTitle ?? null,
  eligibility: {
    applicantTypes: (over.codes ?? []).map((code) => ({ code, label: `label ${code}` })),
    text: null,
  },
});

describe('whether a university can lead a grant', () => {
  it('says nothing of an ordinary grant, with or without eligibility codes', () => {
    expect(universityLeadWarning(grant({}))).toBeNull();
    expect(universityLeadWarning(grant({ codes: ['06', '12'] }))).toBeNull();
    expect(universityLeadWarning(grant({ codes: ['20'] }))).toBeNull();
    // "Others, see text" and "unrestricted" may include universities.
    expect(universityLeadWarning(grant({ codes: ['25'] }))).toBeNull();
    expect(universityLeadWarning(grant({ codes: ['99'] }))).toBeNull();
  });

  it('warns of SBIR and STTR programmes named in the title, number or programme', () => {
    expect(universityLeadWarning(grant({ title: 'NOAA SBIR FY 2024 Phase I' }))?.kind).toBe('sbir');
    expect(
      universityLeadWarning(grant({ title: 'Small Business Innovation Research Program (SBIR) Phase II' }))?.kind,
    ).toBe('sbir');
    expect(
      universityLeadWarning(grant({ title: 'Improved Biomaterials for Urinary Catheters (STTR) (R41/R42)' }))?.kind,
    ).toBe('sttr');
    expect(
      universityLeadWarning(grant({ title: 'Multiplex Assay Development (R43/R44 Clinical Trial Not Allowed)' }))?.kind,
    ).toBe('sbir');
    expect(universityLeadWarning(grant({ title: 'GENSETS SBIR/STTR' }))?.kind).toBe('sbir-sttr');
    expect(
      universityLeadWarning(grant({ programTitle: 'Small Business Technology Transfer' }))?.kind,
    ).toBe('sttr');
    // Even when the codes would let a university apply, the programme decides.
    const sbir = universityLeadWarning(grant({ title: 'DOE SBIR Phase I', codes: ['06', '23'] }));
    expect(sbir?.text).toMatch(/^This is a Small Business Innovation Research \(SBIR\) opportunity/);
    expect(sbir?.text).toContain('subcontractor');
  });

  it('does not take words that merely contain the letters for a programme', () => {
    expect(universityLeadWarning(grant({ title: 'SBIRDS migration survey' }))).toBeNull();
    expect(universityLeadWarning(grant({ opportunityNumber: 'R430-2025' }))).toBeNull();
  });

  it('warns when the eligibility codes leave higher education out, naming who may apply', () => {
    const small = universityLeadWarning(grant({ codes: ['23'] }));
    expect(small?.kind).toBe('eligibility');
    expect(small?.text).toBe(
      'Grants.gov does not list universities among those who may apply. Eligible: label 23. Check with your research office before you start an application.',
    );
    expect(universityLeadWarning(grant({ codes: ['00', '07'] }))?.text).toContain('label 00; label 07');
  });
});
