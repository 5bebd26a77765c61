import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agencyKeysFor, type AgencySignals } from './agency-keys';
import { loadAssistanceListings, shippedDataDir } from './import/enrich-record';
import { readGrantsExtract } from './import/extract-files';

const signals = (over: Partial<AgencySignals>): AgencySignals => ({
  agency: null,
  agencyCode: null,
  opportunityNumber: 'X-1',
  cfdaNumbers: [],
  listingAgencies: [],
  ...over,
});

describe('agencyKeysFor, by hand', () => {
  it('finds NOAA however it is coded, with its parent', () => {
    expect(
      agencyKeysFor(
        signals({ agencyCode: 'DOC', agency: 'Department of Commerce', cfdaNumbers: ['11.463'] }),
      ),
    ).toEqual(['DOC', 'NOAA']);
    expect(
      agencyKeysFor(signals({ agencyCode: 'DOC-DOCNOAAERA', agency: 'DOC NOAA - ERA Production' })),
    ).toEqual(['DOC', 'NOAA']);
    expect(
      agencyKeysFor(signals({ agencyCode: 'DOC', opportunityNumber: 'NOAA-NMFS-2024-1' })),
    ).toEqual(['DOC', 'NOAA']);
    // Other Commerce records are Commerce only.
    expect(
      agencyKeysFor(
        signals({ agencyCode: 'DOC-EDA', agency: 'Economic Development Administration' }),
      ),
    ).toEqual(['DOC']);
  });

  it('finds Defense commands, NASA centres, USAID missions and USGS by name alone', () => {
    expect(agencyKeysFor(signals({ agency: 'Dept. of the Army -- USAMRAA' }))).toEqual([
      'ARMY',
      'DOD',
    ]);
    expect(agencyKeysFor(signals({ agency: 'NAVAL FACILITIES ENGINEERING COMMAND' }))).toEqual([
      'DOD',
      'NAVY',
    ]);
    expect(agencyKeysFor(signals({ agency: 'Air Force -- Research Lab' }))).toEqual([
      'AFRL',
      'DOD',
      'USAF',
    ]);
    // The Army, the Navy and the Air Force by the contracting office that numbers the call.
    expect(agencyKeysFor(signals({ opportunityNumber: 'W81XWH-15-ARP-CTA' }))).toEqual([
      'ARMY',
      'DOD',
    ]);
    expect(agencyKeysFor(signals({ opportunityNumber: 'N00014-23-S-B003' }))).toEqual([
      'DOD',
      'NAVY',
      'ONR',
    ]);
    expect(agencyKeysFor(signals({ opportunityNumber: 'FA9550-23-S-0001' }))).toEqual([
      'DOD',
      'USAF',
    ]);
    expect(agencyKeysFor(signals({ agencyCode: 'DOD-ONR' }))).toEqual(['DOD', 'NAVY', 'ONR']);
    expect(agencyKeysFor(signals({ agency: 'NASA Ames Research Center' }))).toEqual(['NASA']);
    expect(agencyKeysFor(signals({ agency: 'Ghana USAID-Accra' }))).toEqual(['USAID']);
    expect(agencyKeysFor(signals({ agencyCode: 'USAID-VIE' }))).toEqual(['USAID']);
    expect(agencyKeysFor(signals({ agency: 'Geological Survey' }))).toEqual(['DOI', 'USGS']);
  });

  it('counts a joint solicitation for every agency its listings name', () => {
    expect(
      agencyKeysFor(
        signals({
          agencyCode: 'NSF',
          agency: 'National Science Foundation',
          listingAgencies: [
            'Department of Health and Human Services / National Institutes of Health',
          ],
        }),
      ),
    ).toEqual(['HHS', 'NIH', 'NSF']);
  });

  it('finds the HHS operating divisions a researcher names: CMS, ACF and IHS, with HHS', () => {
    expect(agencyKeysFor(signals({ agencyCode: 'HHS-CMS', agency: 'Centers for Medicare & Medicaid Services' }))).toEqual(['CMS', 'HHS']);
    expect(agencyKeysFor(signals({ agencyCode: 'HHS-ACF-FYSB', agency: 'Administration for Children & Families - ACYF/FYSB' }))).toEqual(['ACF', 'HHS']);
    expect(agencyKeysFor(signals({ agencyCode: 'HHS-IHS', agency: 'Indian Health Service' }))).toEqual(['HHS', 'IHS']);
  });

  it('gives nothing to a record nothing points at', () => {
    expect(agencyKeysFor(signals({ agency: 'IV&V Test Agency' }))).toEqual([]);
  });
});

describe('every agency whole, over the shipped catalogue', () => {
  it('puts at least 95% of each agency’s records (as data/relevance/GUIDE.md tells them) under its filter', async () => {
    const listings = loadAssistanceListings();
    type Rule = {
      codePrefixes: string[];
      numberPrefixes: string[];
      listingAgencies: string[];
      names: string[];
    };
    const rules: Record<string, Rule> = {};
    const questions = JSON.parse(
      fs.readFileSync(path.join(shippedDataDir, 'relevance/assistant.json'), 'utf8'),
    ) as {
      constraints: { agency?: string; agencyMatch?: Rule };
    }[];
    for (const q of questions)
      if (q.constraints.agency && q.constraints.agencyMatch)
        rules[q.constraints.agency] = q.constraints.agencyMatch;
    rules.NASA = {
      codePrefixes: ['NASA'],
      numberPrefixes: [],
      listingAgencies: ['National Aeronautics'],
      names: ['NASA', 'National Aeronautics'],
    };
    expect(Object.keys(rules).sort()).toEqual([
      'DOD',
      'DOE',
      'NASA',
      'NIH',
      'NOAA',
      'USAID',
      'USGS',
    ]);

    const counts = Object.fromEntries(
      Object.keys(rules).map((k) => [k, { records: 0, matched: 0, strangers: 0 }]),
    );
    for await (const item of readGrantsExtract(
      path.join(shippedDataDir, 'grants/grants-extract.xml'),
    )) {
      if (!item.ok) continue;
      const r = item.record;
      const listingAgencies = r.cfdaNumbers.flatMap((n) => listings.get(n)?.agency ?? []);
      const keys = agencyKeysFor({ ...r, listingAgencies });
      const name = (r.agency ?? '').toLowerCase();
      for (const [agency, rule] of Object.entries(rules)) {
        const belongs =
          rule.codePrefixes.some((p) => (r.agencyCode ?? '').startsWith(p)) ||
          rule.numberPrefixes.some((p) => r.opportunityNumber.startsWith(p)) ||
          rule.names.some((n) => name.includes(n.toLowerCase())) ||
          listingAgencies.some((a) =>
            rule.listingAgencies.some((l) => a.toLowerCase().includes(l.toLowerCase())),
          );
        if (belongs) {
          counts[agency]!.records += 1;
          if (keys.includes(agency)) counts[agency]!.matched += 1;
        } else if (keys.includes(agency)) counts[agency]!.strangers += 1;
      }
    }
    for (const [agency, c] of Object.entries(counts)) {
      expect(c.records, agency).toBeGreaterThan(20);
      expect(
        c.matched / c.records,
        `${agency}: ${c.matched} of ${c.records}`,
      ).toBeGreaterThanOrEqual(0.95);
      expect(
        c.strangers / c.records,
        `${agency}: ${c.strangers} records of other agencies`,
      ).toBeLessThanOrEqual(0.05);
    }
  });
});
