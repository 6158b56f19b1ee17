import { z } from 'zod';
import { inRange, type ParamRange, rangeText } from '../api/provider-params';
import { alertSeverities } from '../weather/alert-schema';
import {
  kmOfMiles,
  type LightningRule,
  lightningRuleRanges,
  standardClearMinutes,
  standardRingsKm,
} from './lightning-rule';

/**
 * A watched site's policy: what stops work, what calls for caution, and when work may resume.
 * Written once here; the BFF validates edits with it, the monitor judges with it and the policy
 * editor draws its fields and limits from it.
 */

/** Most severe first: the order a board sorts by and a site's findings combine in. */
export const watchLevels = ['stop', 'caution', 'watch', 'clear'] as const;
export type WatchLevel = (typeof watchLevels)[number];
/** What a site reports: a level, or `no_data` when the data that could justify one is too old. */
export const statusLevels = ['stop', 'caution', 'watch', 'clear', 'no_data'] as const;
export type StatusLevel = (typeof statusLevels)[number];

export function severityRank(level: WatchLevel): number {
  return watchLevels.length - 1 - watchLevels.indexOf(level);
}

/**
 * A change of level someone must acknowledge: one that makes a site worse and asks for action
 * (to watch, caution or stop, from a lower level or from no data). A site coming clear, or
 * losing its data, is shown but not acknowledged.
 */
export function callsForAcknowledgement(from: StatusLevel, to: StatusLevel): boolean {
  if (to === 'clear' || to === 'no_data') return false;
  return from === 'no_data' || severityRank(to) > severityRank(from);
}

export function worstLevel(levels: Iterable<WatchLevel>): WatchLevel {
  let worst: WatchLevel = 'clear';
  for (const level of levels) if (severityRank(level) > severityRank(worst)) worst = level;
  return worst;
}

/** The lightning rings, innermost first: a strike in an inner ring is in every outer one. */
export const ringLevels = ['stop', 'caution', 'watch'] as const;
export type RingLevel = (typeof ringLevels)[number];

export const policyRanges = {
  /** The lightning rule's own ranges (shared/safety/lightning-rule), the map's too. */
  ringKm: lightningRuleRanges.stopKm,
  /**
   * Longer than the search's 45-minute look-back is fine for the watch, which keeps each ring's
   * clock itself; a site it has not yet watched that long reports no_data rather than an
   * all-clear it cannot back.
   */
  allClearMinutes: lightningRuleRanges.clearMinutes,
  windMs: { min: 1, max: 80, integer: false, unit: 'm/s' },
  aqi: { min: 1, max: 500, integer: true },
  heatIndexC: { min: 20, max: 70, integer: false, unit: '°C' },
} as const satisfies Record<string, ParamRange>;

/** The standard lightning rule's, the map's default too. */
export const defaultRingsKm = standardRingsKm;
export const defaultAllClearMinutes = standardClearMinutes;

export const heatFlags = ['none', 'white', 'green', 'yellow', 'red', 'black'] as const;
export type HeatFlagName = (typeof heatFlags)[number];

/** One message for anything outside the range or not a number: "must be a number from 1 to 75 km". */
const rangeNumber = (range: ParamRange) => {
  const rule = `must be ${rangeText(range)}`;
  return z.number({ error: rule }).refine((value) => inRange(value, range), { error: rule });
};
const optional = (range: ParamRange) => rangeNumber(range).nullable().default(null);
/** Thresholds for two levels; the stop one must be the higher. */
const pair = (range: ParamRange) =>
  z
    .object({ caution: optional(range), stop: optional(range) })
    .refine((p) => p.caution === null || p.stop === null || p.caution < p.stop, {
      error: 'caution must be below stop',
      path: ['caution'],
    });

const levelOrOff = z.enum(['stop', 'caution', 'watch']).nullable();

export const lightningPolicySchema = z
  .object({
    rings: z.object({
      stop: rangeNumber(policyRanges.ringKm),
      caution: optional(policyRanges.ringKm),
      watch: optional(policyRanges.ringKm),
    }),
    all_clear_minutes: rangeNumber(policyRanges.allClearMinutes).default(defaultAllClearMinutes),
  })
  .superRefine((policy, context) => {
    // Nested rings only: a caution ring inside the stop ring could never be the reason.
    let inner = policy.rings.stop;
    for (const ring of ['caution', 'watch'] as const) {
      const radius = policy.rings[ring];
      if (radius === null) continue;
      if (radius <= inner)
        context.addIssue({
          code: 'custom',
          path: ['rings', ring],
          message: `must be wider than the ${ring === 'caution' ? 'stop' : 'caution'} ring (${inner} km)`,
        });
      inner = radius;
    }
  });

export const sitePolicySchema = z.object({
  preset: z.enum(['crane', 'athletics', 'general', 'custom']).default('custom'),
  lightning: lightningPolicySchema,
  // A rule left out (by a preset, or a policy stored before the rule was added) is off: each
  // threshold of a pair given as `{}` takes its own default, null.
  wind: z
    .object({ sustained_ms: pair(policyRanges.windMs), gust_ms: pair(policyRanges.windMs) })
    .prefault({ sustained_ms: {}, gust_ms: {} }),
  alerts: z
    .object(
      Object.fromEntries(alertSeverities.map((severity) => [severity, levelOrOff])) as Record<
        (typeof alertSeverities)[number],
        typeof levelOrOff
      >,
    )
    .default({ Warning: null, Watch: null, Advisory: null }),
  aqi: pair(policyRanges.aqi).prefault({}),
  heat: z
    .object({
      heat_index_c: pair(policyRanges.heatIndexC),
      wbgt_flag: z
        .object({ caution: z.enum(heatFlags).nullable(), stop: z.enum(heatFlags).nullable() })
        .refine(
          (f) =>
            f.caution === null ||
            f.stop === null ||
            heatFlags.indexOf(f.caution) < heatFlags.indexOf(f.stop),
          { error: 'caution must be a lower flag than stop', path: ['caution'] },
        ),
    })
    .default({
      heat_index_c: { caution: null, stop: null },
      wbgt_flag: { caution: null, stop: null },
    }),
});
export type SitePolicy = z.output<typeof sitePolicySchema>;
export type SitePolicyInput = z.input<typeof sitePolicySchema>;

/**
 * Starting points, not law: each names its source so an operator knows what to check it against.
 * A rule a preset leaves out is off in it (the schema's default), so a new rule that starts off
 * needs no line here; read a preset through `sitePolicySchema` for the whole policy.
 * - crane: USACE EM 385-1-1 — stop for lightning within 10 mi, resume 30 min after the last;
 *   stop lifts above 20 mph (9 m/s) sustained wind.
 * - athletics: NCAA/NATA lightning guidance (8 mi, 30 min) and the ACSM/TB MED 507 WBGT flags.
 * - general: DTN-style rings (8 / 15 / 25 mi) and NWS warnings.
 */
export const policyPresets = {
  crane: {
    preset: 'crane',
    lightning: {
      rings: { stop: kmOfMiles(10), caution: kmOfMiles(15), watch: kmOfMiles(25) },
      all_clear_minutes: 30,
    },
    wind: { sustained_ms: { caution: 7, stop: 9 }, gust_ms: { caution: 11, stop: 13.4 } },
    alerts: { Warning: 'stop', Watch: 'caution', Advisory: 'watch' },
    aqi: { caution: 151, stop: null },
    heat: {
      heat_index_c: { caution: 39.4, stop: 51.7 },
      wbgt_flag: { caution: 'yellow', stop: 'black' },
    },
  },
  athletics: {
    preset: 'athletics',
    lightning: { rings: { ...defaultRingsKm }, all_clear_minutes: 30 },
    wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: 15, stop: 20 } },
    alerts: { Warning: 'stop', Watch: 'caution', Advisory: null },
    aqi: { caution: 101, stop: 201 },
    heat: {
      heat_index_c: { caution: 40.6, stop: 51.7 },
      wbgt_flag: { caution: 'red', stop: 'black' },
    },
  },
  general: {
    preset: 'general',
    lightning: { rings: { ...defaultRingsKm }, all_clear_minutes: defaultAllClearMinutes },
    wind: { sustained_ms: { caution: 13, stop: 17 }, gust_ms: { caution: 18, stop: 25 } },
    alerts: { Warning: 'stop', Watch: 'caution', Advisory: null },
    aqi: { caution: 151, stop: 301 },
    heat: {
      heat_index_c: { caution: 39.4, stop: 51.7 },
      wbgt_flag: { caution: 'red', stop: 'black' },
    },
  },
} as const satisfies Record<string, SitePolicyInput>;
export type PresetName = keyof typeof policyPresets;

export const defaultPolicy: SitePolicy = sitePolicySchema.parse(policyPresets.general);

/** The rings a policy draws, innermost first, with the level each stands for. */
export function policyRings(
  policy: Pick<SitePolicy, 'lightning'>,
): { level: RingLevel; km: number }[] {
  return ringLevels.flatMap((level) => {
    const km = policy.lightning.rings[level];
    return km === null ? [] : [{ level, km }];
  });
}

/** The widest ring: how far around the site the lightning search must reach. */
export function outerRingKm(policy: SitePolicy): number {
  return Math.max(...policyRings(policy).map((ring) => ring.km));
}

/**
 * A site's lightning policy as the map's two-ring rule: its stop ring, its caution ring (the stop
 * ring when it has none, as the map's card reads a rule without a caution band) and its all-clear
 * time. The watch ring has no place on the card; the watch's own level covers it.
 */
export function policyLightningRule(policy: Pick<SitePolicy, 'lightning'>): LightningRule {
  const { rings, all_clear_minutes } = policy.lightning;
  return {
    stopKm: rings.stop,
    cautionKm: rings.caution ?? rings.stop,
    clearMinutes: all_clear_minutes,
  };
}
