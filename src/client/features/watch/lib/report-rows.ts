import type { ReportDayJson } from '../../../../shared/api/report-answers';
import type { RuleName } from '../../../../shared/safety/site-status';
import type { Column } from '../../../lib/csv';

/** The rules in the order the chart stacks them, each in words and a colour of its own. */
export const ruleShown: readonly { rule: RuleName; label: string; colour: string }[] = [
  { rule: 'lightning', label: 'Lightning', colour: '#f6c343' },
  { rule: 'wind', label: 'Wind', colour: '#8bd3c7' },
  { rule: 'alerts', label: 'Alerts', colour: '#ff8a65' },
  { rule: 'heat', label: 'Heat', colour: '#e57373' },
  { rule: 'aqi', label: 'Air quality', colour: '#b388ff' },
];

/** A day as the chart and its table read it: hours, not minutes. */
export interface ReportDayRow {
  date: string;
  stop: number;
  caution: number;
  noData: number;
  lightning: number;
  wind: number;
  alerts: number;
  heat: number;
  aqi: number;
}

/** Minutes to hours, to a hundredth (36 seconds): the table's and the chart's unit. */
export const hours = (minutes: number) => Math.round(minutes / 0.6) / 100;

export function dayRows(days: readonly ReportDayJson[]): ReportDayRow[] {
  return days.map((day) => ({
    date: day.date,
    stop: hours(day.stop_minutes),
    caution: hours(day.caution_minutes),
    noData: hours(day.no_data_minutes),
    lightning: hours(day.by_rule.lightning),
    wind: hours(day.by_rule.wind),
    alerts: hours(day.by_rule.alerts),
    heat: hours(day.by_rule.heat),
    aqi: hours(day.by_rule.aqi),
  }));
}

/** "2 h 05 min", the way a claim states a duration. */
export function hoursText(minutes: number): string {
  const whole = Math.round(minutes);
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h === 0) return `${m} min`;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

export const dayColumns: readonly Column<ReportDayRow>[] = [
  { key: 'date', label: 'Date', value: (row) => row.date },
  { key: 'stop', label: 'STOP (h)', value: (row) => row.stop },
  ...ruleShown.map(({ rule, label }): Column<ReportDayRow> => ({
    key: rule,
    label: `of which ${label} (h)`,
    value: (row) => row[rule],
  })),
  { key: 'caution', label: 'CAUTION (h)', value: (row) => row.caution },
  { key: 'noData', label: 'NO DATA (h)', value: (row) => row.noData },
];
