// The search result card, rendered to HTML as the browser gets it (react-dom/server,
// in a router for its link): a result that scores 0 (a search of filters alone)
// shows no match badge and no "Match score 0 of 100" (issue 30: never show a 0
// score as a match); a result that scores shows both. A grant without an agency
// name shows its code.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@grantbridge/contract/grants';
import { ResultCard } from './result-card';

const result = (over: Partial<SearchResult> = {}, grant: Partial<SearchResult['grant']> = {}): SearchResult => ({
  grant: {
    id: 'g1',
    opportunityNumber: 'PD-26-001',
    title: 'Soil carbon dynamics',
    agency: 'National Science Foundation',
    agencyCode: 'NSF',
    closeDate: '2099-03-01',
    postDate: null,
    awardCeiling: 500_000,
    awardFloor: null,
    status: 'posted',
    researchAreas: [],
    description: null,
    ...grant,
  },
  score: 0,
  reasons: ['Open, closes Mar 1, 2099'],
  related: false,
  otherVersions: 0,
  otherVersionsEarlier: true,
  cycle: null,
  ...over,
});

const html = (r: SearchResult) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: ['/dashboard/search?agency=NSF'] }, createElement(ResultCard, { result: r, href: `/dashboard/grants/${r.grant.id}`, onOpen: () => undefined })),
  );
/** The text a reader hears, tags dropped. */
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('ResultCard and its match score', () => {
  it('shows no badge and no score for a result that scores 0', () => {
    const markup = html(result({ score: 0 }));
    expect(text(markup)).toContain('Soil carbon dynamics');
    expect(text(markup)).not.toMatch(/\bmatch\b/i);
    expect(markup).not.toContain('Match score');
    // Its reasons are headed as why it is listed, not why it "matched".
    expect(markup).toContain('Why it is listed');
    expect(markup).not.toContain('Why it matched');
    expect(markup).not.toContain('>0<');
  });

  it('shows the badge and "Match score N of 100" for a result that scores', () => {
    for (const score of [1, 50, 100]) {
      const markup = html(result({ score }));
      expect(markup).toContain(`Match score ${score} of 100`);
      expect(markup).toContain('Why it matched');
      expect(text(markup)).toMatch(new RegExp(`\\b${score} match\\b`));
    }
  });

  it('names the agency by its code when the record has no agency name', () => {
    expect(text(html(result({}, { agency: null, agencyCode: 'HHS-CDC' })))).toContain('Agency HHS-CDC');
    expect(text(html(result({}, { agency: null, agencyCode: null })))).toContain('Agency Agency not stated');
  });
});
