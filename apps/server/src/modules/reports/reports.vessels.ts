import { hasScope } from '@atoll/domain/scopes';
import { and, type SQL, sql } from 'drizzle-orm';
import { addRows, col, LABEL, type TBuilder, type TReportContext, type TSum } from './reports.figures.ts';

// The vessel reports (docs/domain/reports.md "Departures"): utilization per departure, vessel or month, and
// berth-nights sold per vessel and year (statistics/byVesselYear, one vessel's by month or year).

const within = (column: SQL, ids: readonly number[] | undefined) =>
  ids?.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : undefined;

/** The vessels of the report: the user's own (unless admin), those asked for, the one of the path. */
function vesselsOf(c: TReportContext): SQL {
  const own = !hasScope(c.user.scopes, ['admin']) && c.user.vessels.length ? c.user.vessels : undefined;
  const one = c.params.vessel === undefined ? undefined : [c.params.vessel];
  return (
    and(
      within(sql`s.vessel_id`, own),
      within(sql`s.vessel_id`, c.query.assets?.vessels),
      within(sql`s.vessel_id`, one),
    ) ?? sql`true`
  );
}

const nightsOf = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export function departureReport(kind: 'utilization' | 'byVesselYear'): TBuilder {
  return async (ex, c, repo) => {
    const rows = await repo.departures(ex, { ...c, vessels: vesselsOf(c) });
    const facts = rows.map((r) => {
      const nights = nightsOf(r.from, r.to);
      return {
        ...r,
        departures: 1,
        berthNights: r.berths * nights,
        berthNightsSold: r.berthsSold * nights,
        currency: '',
        rateDay: '',
      };
    });
    type TFact = (typeof facts)[number];
    const group = c.query.groupBy;
    const keyOf = (r: TFact): { key: string; label: string } => {
      if (group === 'schedule')
        return { key: `${r.from}:${r.scheduleId}`, label: `${r.vesselName} · ${r.tourName} ${r.from}` };
      if (group === 'vessel') return { key: r.vesselName, label: r.vesselName };
      const period = group === 'year' ? r.from.slice(0, 4) : r.from.slice(0, 7);
      return c.params.vessel === undefined && kind === 'byVesselYear'
        ? { key: `${r.vesselName}:${period}`, label: `${r.vesselName} ${period}` }
        : { key: period, label: period };
    };
    const sums = new Map<string, TSum>();
    const countsOf =
      kind === 'utilization'
        ? (['departures', 'cabins', 'cabinsSold', 'berths', 'berthsSold'] as const)
        : (['departures', 'berthNights', 'berthNightsSold'] as const);
    addRows(
      sums,
      facts.map((f) => ({ ...f, key: '', label: null })),
      { counts: [...countsOf] },
      c.conv,
      keyOf,
    );
    return {
      columns: [LABEL, ...countsOf.map((k) => col(k)), col('utilization', 'percent')],
      sums: [...sums.values()].sort((a, b) => a.key.localeCompare(b.key)),
    };
  };
}
