import type { ParamRange } from '../api/provider-params';
import { heatFlags, policyRanges, type SitePolicy } from './site-policy';

/**
 * Every field of a site's policy in words, once: the editor's label and the record's name, with
 * the limits the schema holds it to (its own `policyRanges`). The table is typed against
 * `SitePolicy`, so a field the schema gains without words here fails to compile, where it would
 * otherwise be missing from the editor and named by its bare path in the record.
 */

interface FieldWords {
  /** The editor's: "Sustained wind: caution at" (its group's title goes before it elsewhere). */
  label: string;
  /** The record's: "sustained wind caution". */
  name: string;
  /** The unit the record writes values in, where it is not the range's (or there is none). */
  recordUnit?: string;
}

interface NumberSpec extends FieldWords {
  kind: 'number';
  range: ParamRange;
  /** A field the policy cannot do without: blank is a mistake, not "off". */
  required: boolean;
}

interface ChoiceSpec<Option extends string = string> extends FieldWords {
  kind: 'choice';
  options: readonly Option[];
  hint: string;
}

/** The policy's shape with words at each leaf: a required number must say so, an optional not. */
type FieldsOf<T> = {
  [K in keyof T]-?: T[K] extends string | number | null
    ? T[K] extends number | null
      ? NumberSpec & { required: null extends T[K] ? false : true }
      : ChoiceSpec<NonNullable<T[K]> & string>
    : FieldsOf<T[K]>;
};

type Sections = Omit<SitePolicy, 'preset'>;

const number = (label: string, name: string, range: ParamRange, recordUnit?: string) => ({
  kind: 'number' as const,
  label,
  name,
  range,
  required: false as const,
  ...(recordUnit === undefined ? {} : { recordUnit }),
});
const required = (label: string, name: string, range: ParamRange, recordUnit?: string) => ({
  ...number(label, name, range, recordUnit),
  required: true as const,
});

/** A caution and a stop threshold: "AQI: caution at" in the editor, "aqi caution" in the record. */
const pair = (label: string, name: string | ((level: string) => string), range: ParamRange) => {
  const named = (level: string) => (typeof name === 'string' ? `${name} ${level}` : name(level));
  return {
    caution: number(`${label}: caution at`, named('caution'), range),
    stop: number(`${label}: stop at`, named('stop'), range),
  };
};

const levels = ['stop', 'caution', 'watch'] as const;
const alert = (label: string, severity: string) => ({
  kind: 'choice' as const,
  label,
  name: `${severity} alerts`,
  options: levels,
  hint: 'Off, or the level it sets',
});
const flag = (level: 'caution' | 'stop') => ({
  kind: 'choice' as const,
  label: `WBGT flag: ${level} at`,
  name: `WBGT ${level}`,
  recordUnit: 'flag',
  options: heatFlags,
  hint: 'Off, or the flag it starts at',
});

/** In the policy's order, which is the editor's: one group per rule. */
const sections: { [S in keyof Sections]: { title: string; fields: FieldsOf<Sections[S]> } } = {
  lightning: {
    title: 'Lightning',
    fields: {
      rings: {
        stop: required('Stop ring radius', 'lightning stop ring', policyRanges.ringKm),
        caution: number('Caution ring radius', 'lightning caution ring', policyRanges.ringKm),
        watch: number('Watch ring radius', 'lightning watch ring', policyRanges.ringKm),
      },
      all_clear_minutes: required(
        'All clear after',
        'all-clear time',
        policyRanges.allClearMinutes,
        'min',
      ),
    },
  },
  wind: {
    title: 'Wind',
    fields: {
      sustained_ms: pair('Sustained wind', 'sustained wind', policyRanges.windMs),
      gust_ms: pair('Gusts', 'wind gust', policyRanges.windMs),
    },
  },
  alerts: {
    title: 'Weather alerts',
    fields: {
      Warning: alert('A warning means', 'Warning'),
      Watch: alert('A watch means', 'Watch'),
      Advisory: alert('An advisory means', 'Advisory'),
    },
  },
  aqi: {
    title: 'Air quality',
    fields: pair('AQI', (level) => `air quality ${level} (AQI)`, policyRanges.aqi),
  },
  heat: {
    title: 'Heat',
    fields: {
      heat_index_c: pair('Heat index', 'heat index', policyRanges.heatIndexC),
      wbgt_flag: { caution: flag('caution'), stop: flag('stop') },
    },
  },
};

/** Each rule's title, as the editor heads its group: "Lightning", "Wind", "Air quality"… */
export const ruleTitles = Object.fromEntries(
  Object.entries(sections).map(([section, { title }]) => [section, title]),
) as { [S in keyof Sections]: string };

export type PolicyField = ((NumberSpec & { required: boolean }) | ChoiceSpec) & {
  /** The field's path in the policy: "wind.gust_ms.stop". */
  path: string;
};

function fieldsUnder(spec: object, path: string): PolicyField[] {
  return Object.entries(spec).flatMap(([key, inner]: [string, object]) =>
    'kind' in inner
      ? [{ ...(inner as PolicyField), path: `${path}.${key}` }]
      : fieldsUnder(inner, `${path}.${key}`),
  );
}

export interface PolicyGroup {
  title: string;
  fields: readonly PolicyField[];
}

export const policyGroups: readonly PolicyGroup[] = Object.entries(sections).map(
  ([section, { title, fields }]) => ({ title, fields: fieldsUnder(fields, section) }),
);

export const policyFields: readonly PolicyField[] = policyGroups.flatMap((group) => group.fields);
