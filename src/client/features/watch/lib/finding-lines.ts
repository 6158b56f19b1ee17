import type {
  ConditionsJson,
  FindingJson,
  SiteStatusJson,
} from '../../../../shared/api/watch-answers';
import {
  findingHold,
  findingText,
  measureFromJson,
  speedText,
  temperatureText,
  type TextFormat,
} from '../../../../shared/safety/finding-text';
import { metresPerSecondTo } from '../../../../shared/weather/units';
import { levelLabels } from '../../../../shared/safety/level-labels';

/**
 * What a card says beside its level: every reason with its rule, value, threshold and level,
 * the lightning countdown or why there is none, and the conditions now. Worded in the reader's
 * units and clock (`TextFormat`), from the measures the watch sends.
 */

/** "wind: gust 20.1 m/s ≥ caution 15 m/s". */
export function findingLine(finding: FindingJson, format: TextFormat): string {
  return findingText(measureFromJson(finding.measure), finding.level, format);
}

function listText(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * Which countdown the level has, and words for what else holds it:
 * - lightning alone holds it: `all_clear_at`, the level's own countdown, and no words;
 * - lightning and something else: lightning's countdown (labelled as lightning's), and "Also
 *   held by the Severe Thunderstorm Warning until 04:00 UTC";
 * - something else alone: no countdown, and "No countdown: STOP held by the wind gusts ≥ 20 m/s".
 */
export interface LevelClock {
  /** When the countdown shown runs out (ISO), and whose it is. */
  countdown: { at: string; lightningOnly: boolean } | undefined;
  note: string | undefined;
}

export function levelClock(
  status: Pick<SiteStatusJson, 'level' | 'findings' | 'all_clear_at'>,
  format: TextFormat,
): LevelClock {
  const { level } = status;
  if (level === 'no_data' || level === 'clear') return { countdown: undefined, note: undefined };
  const top = status.findings.filter((finding) => finding.level === level);
  const lightning = top.find((finding) => finding.rule === 'lightning');
  const others = top.filter((finding) => finding.rule !== 'lightning');
  const holders = listText(
    others.map((finding) => findingHold(measureFromJson(finding.measure), format)),
  );
  if (others.length === 0)
    return {
      countdown: status.all_clear_at
        ? { at: status.all_clear_at, lightningOnly: false }
        : undefined,
      note: undefined,
    };
  if (lightning?.clears_at)
    return {
      countdown: { at: lightning.clears_at, lightningOnly: true },
      note: `Also held by ${holders}`,
    };
  return {
    countdown: undefined,
    note: `No countdown: ${levelLabels[level]} held by ${holders}`,
  };
}

/** "31.2 °C · wind 8.1 m/s, gusts 20.1 · WBGT 29.8 °C, yellow flag". */
export function conditionsLine(conditions: ConditionsJson, format: TextFormat): string {
  const { units } = format;
  const parts: string[] = [];
  if (conditions.temp_c !== null) parts.push(temperatureText(units, conditions.temp_c));
  parts.push(
    `wind ${speedText(units, conditions.wind_ms)}` +
      // The gust in the wind's unit, said once.
      (conditions.gust_ms === null
        ? ''
        : `, gusts ${metresPerSecondTo(units, conditions.gust_ms).toFixed(1)}`),
  );
  parts.push(
    conditions.wbgt_c === null || conditions.wbgt_flag === null
      ? 'WBGT unknown'
      : `WBGT ${temperatureText(units, conditions.wbgt_c)}, ${conditions.wbgt_flag === 'none' ? 'no' : conditions.wbgt_flag} flag`,
  );
  // The site's own station in place of the grid: said, so the figures are not taken for the grid's.
  if (conditions.station) parts.push(`from ${conditions.station.name}`);
  return parts.join(' · ');
}
