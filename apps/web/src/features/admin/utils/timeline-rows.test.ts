import { describe, expect, it } from 'vitest';
import { dayMs, timelineRows, type Item } from './timeline-rows';

function item(id: string, dates: Partial<Item>): Item {
  return {
    applicationId: id,
    grantTitle: `Grant ${id}`,
    researcher: { id: `r-${id}`, name: `Researcher ${id}` },
    status: 'drafting',
    startedOn: '2026-01-01',
    submittedOn: null,
    awardedOn: null,
    internalDeadline: null,
    sponsorDeadline: null,
    amount: null,
    ...dates,
  } as Item;
}

const today = dayMs('2026-11-27');

describe('the timeline’s rows', () => {
  it('are one per application, each with its dates earliest first', () => {
    const rows = timelineRows(
      [
        item('a', { startedOn: '2026-03-01', sponsorDeadline: '2026-12-15', internalDeadline: '2026-12-08' }),
        item('b', { startedOn: '2026-02-01', submittedOn: '2026-04-01', awardedOn: '2026-09-01' }),
      ],
      today,
    );
    expect(rows.map((r) => r.key)).toEqual(['b', 'a']);
    expect(rows[1]!.points.map((p) => [p.lane.label, p.day])).toEqual([
      ['Started', '2026-03-01'],
      ['Internal deadline', '2026-12-08'],
      ['Sponsor deadline', '2026-12-15'],
    ]);
    expect(rows[0]!.title).toBe('Grant b');
    expect(rows[0]!.who).toBe('Researcher b');
  });

  it('keep, of a long list, those whose dates come nearest today, in the order they start', () => {
    const items = [
      item('old', { startedOn: '2024-01-01' }),
      item('soon', { startedOn: '2026-06-01', sponsorDeadline: '2026-12-01' }),
      item('now', { startedOn: '2026-11-20' }),
      item('far', { startedOn: '2025-01-01', sponsorDeadline: '2027-06-01' }),
    ];
    expect(timelineRows(items, today, 2).map((r) => r.key)).toEqual(['soon', 'now']);
    expect(timelineRows(items, today).map((r) => r.key)).toEqual(['old', 'far', 'soon', 'now']);
  });
});
