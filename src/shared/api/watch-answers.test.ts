import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FindingMeasure, measureFromJson, measureJson } from '../safety/finding-text';
import { siteStatusSchema } from './watch-answers';

const at = Date.parse('2026-07-15T18:14:07Z');

/** One measure of every kind the rules make, in their own (camelCase, epoch ms) terms. */
const measures: FindingMeasure[] = [
  { kind: 'strike', distanceKm: 6.2, bearingDeg: 225, time: at, ringKm: 12.9 },
  { kind: 'alert', title: 'Heat Advisory', severity: 'Advisory', until: at },
  { kind: 'sustained', valueMs: 11, thresholdMs: 10 },
  { kind: 'gust', valueMs: 20.1, thresholdMs: 15 },
  { kind: 'aqi', value: 160, threshold: 150 },
  { kind: 'heat_index', valueC: 41, thresholdC: 40.6 },
  { kind: 'wbgt', valueC: 31, flag: 'red', thresholdFlag: 'yellow' },
];

/** The measure's JSON Schema as the contract states it, every object closed. */
const measureJsonSchema = () => {
  const status = z.toJSONSchema(siteStatusSchema, { io: 'output' }) as unknown as {
    properties: { findings: { items: { properties: { measure: { oneOf: object[] } } } } };
  };
  return status.properties.findings.items.properties.measure;
};

describe('a finding’s measure through the contract (issue 29)', () => {
  it('is written as the one schema states it, and read back as it was', () => {
    const exactly = z.fromJSONSchema(measureJsonSchema() as never);
    for (const measure of measures) {
      const json = measureJson(measure);
      expect(exactly.safeParse(json).error?.issues, measure.kind).toBeUndefined();
      expect(measureFromJson(json), measure.kind).toEqual(measure);
    }
  });

  it('has a sample here of every kind the contract knows', () => {
    const kinds = measureJsonSchema().oneOf.flatMap((option) => {
      const kind = (option as { properties: { kind: { const?: string; enum?: string[] } } })
        .properties.kind;
      return kind.enum ?? [kind.const];
    });
    expect(measures.map((measure) => measure.kind).sort()).toEqual(kinds.sort());
  });
});
