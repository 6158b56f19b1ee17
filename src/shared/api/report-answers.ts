import { z } from 'zod';
import { ruleNames } from '../safety/site-status';

/**
 * The stand-down report's answer (`GET /api/reports/standdown`), written once: the BFF's builder
 * is held to it, the Reports page parses with it, the OpenAPI document gives it. Minutes are
 * rounded to a tenth each, from exact times, so a total may differ from the sum of its days by
 * a rounding.
 */

const minutes = (description: string) => z.number().min(0).meta({ description });

const byRuleSchema = z.record(z.enum(ruleNames), z.number().min(0)).meta({
  description: 'Minutes at STOP by the rule that decided the stop; they add up to stop_minutes',
});

const figures = {
  stop_minutes: minutes('Minutes at STOP'),
  caution_minutes: minutes('Minutes at CAUTION'),
  no_data_minutes: minutes('Minutes with no fresh data (NO DATA), whatever the level before'),
  by_rule: byRuleSchema,
};

const reportDaySchema = z
  .object({ date: z.string().meta({ description: 'YYYY-MM-DD in the site’s zone' }), ...figures })
  .meta({ description: 'One local day of a site (23 or 25 hours on a DST change)' });
export type ReportDayJson = z.output<typeof reportDaySchema>;

const reportSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string().meta({ description: 'The zone the site’s days are counted in' }),
  stops: z.number().int().min(0).meta({ description: 'STOP periods overlapping the period' }),
  ...figures,
  longest_stop_minutes: minutes('The longest STOP within the period'),
  days: z.array(reportDaySchema).meta({ description: 'Every day from from to to, in order' }),
});
export type ReportSiteJson = z.output<typeof reportSiteSchema>;

/** `GET /api/reports/standdown`. */
export const standdownResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string().nullable().meta({
    description:
      'The zone every site in the answer shares; null when they differ (see each site’s)',
  }),
  now: z.string().meta({ description: 'The server time an open period is counted to' }),
  sites: z.array(reportSiteSchema),
});
export type StanddownResponse = z.output<typeof standdownResponseSchema>;
