// Performance metrics of one researcher: each figure of this period with its
// trend against the period before, or a plain "No data yet".
import type { AdminResearcher } from '@grantbridge/contract/admin';
import type { ReactNode } from 'react';
import { formatInteger, formatMoney } from '../../../lib/format';
import { EmptyNote, Panel } from './panel';

type Metrics = AdminResearcher['metrics'];

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

function Trend({
  value,
  previous,
  format,
}: {
  value: number | null;
  previous: number | null;
  format: (n: number | null) => string;
}) {
  if (value === null || previous === null) {
    return <span className="text-xs text-slate-700">No earlier figure to compare</span>;
  }
  const text = `${format(previous)} in the previous period`;
  if (value === previous) return <span className="text-xs text-slate-700">No change ({text})</span>;
  const up = value > previous;
  return (
    <span
      className={up ? 'text-xs font-medium text-emerald-800' : 'text-xs font-medium text-red-800'}
    >
      <span aria-hidden="true">{up ? '↑' : '↓'} </span>
      {up ? 'Up' : 'Down'} from {text}
    </span>
  );
}

function Metric({ label, value, trend }: { label: string; value: string; trend?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-xl font-bold tracking-tight text-slate-900">{value}</dd>
      {trend ? <dd className="mt-0.5">{trend}</dd> : null}
    </div>
  );
}

export function MetricsPanel({ metrics, periodLabel }: { metrics: Metrics; periodLabel: string }) {
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n));
  const count = (n: number | null) => (n === null ? '—' : formatInteger(n));
  return (
    <Panel
      title="Performance Metrics"
      description={`${periodLabel}, compared with the period before.`}
    >
      {!metrics.hasData ? (
        <EmptyNote>No data yet: no applications or publications to measure.</EmptyNote>
      ) : (
        <dl className="grid gap-3 min-[420px]:grid-cols-2">
          <Metric
            label="Grant success rate"
            value={percent(metrics.successRate.value)}
            trend={<Trend {...metrics.successRate} format={percent} />}
          />
          <Metric
            label="Submitted"
            value={count(metrics.submitted.value)}
            trend={<Trend {...metrics.submitted} format={count} />}
          />
          <Metric
            label="Awarded"
            value={count(metrics.awarded.value)}
            trend={<Trend {...metrics.awarded} format={count} />}
          />
          <Metric
            label="Funding this period"
            value={money(metrics.fundingThisPeriod.value)}
            trend={<Trend {...metrics.fundingThisPeriod} format={money} />}
          />
          <Metric label="Total funding" value={money(metrics.fundingTotal)} />
          <Metric
            label="Publications this period"
            value={count(metrics.publicationsThisPeriod.value)}
            trend={<Trend {...metrics.publicationsThisPeriod} format={count} />}
          />
          <Metric label="Publications in total" value={count(metrics.publicationsTotal)} />
        </dl>
      )}
    </Panel>
  );
}
