// The neighbour index's open-grant test is grant-status.ts's rule (decision 064).
import { describe, expect, it } from 'vitest';
import { grantStatusFor, isOpenStatus } from './grant-status';
import { buildSimilarIndex, rankSimilar } from './similar-index';
import type { SimilarIndexRow } from './similar-grants.repository';

const today = '2026-06-15';
const days = [null, '2026-06-14', '2026-06-15', '2026-06-16'];

describe('rankSimilar', () => {
  it('leaves out exactly the grants grant-status.ts calls closed or archived', () => {
    const rows: SimilarIndexRow[] = [];
    for (const kind of ['synopsis', 'forecast'] as const)
      for (const close of days)
        for (const archive of days)
          rows.push({
            id: `00000000-0000-4000-8000-${String(rows.length).padStart(12, '0')}`,
            opportunity_number: `N-${rows.length}`,
            title: `Grant ${rows.length}`,
            agency: 'Agency',
            agency_code: 'AG',
            cfda_numbers: ['10.001'],
            record_kind: kind,
            close_date: close,
            archive_date: archive,
            embedding: null,
          });
    const expected = rows.filter(
      (r, i) =>
        i > 0 &&
        isOpenStatus(
          grantStatusFor(
            { recordKind: r.record_kind, closeDate: r.close_date, archiveDate: r.archive_date },
            today,
          ),
        ),
    );
    const index = buildSimilarIndex(rows);
    const hits = rankSimilar(index, 0, { limit: 20, includeClosed: false, today });
    expect(hits.map((h) => h.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(rankSimilar(index, 0, { limit: 20, includeClosed: true, today })).toHaveLength(20);
    expect(hits[0]!.why).toBe('Same programme: 10.001');
  });
});
