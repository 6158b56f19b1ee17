import { z } from 'zod';
import { clockFrom, isIsoInstant } from '../shared/time/clock';
import { parseKeys } from './plans';

const isoInstant = z.string().refine(isIsoInstant, 'must be an ISO 8601 time');

export const simulatorEnvSchema = z.object({
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  SIMULATOR_HOST: z.string().default('127.0.0.1'),
  SIMULATOR_NOW: isoInstant.optional(),
  SIMULATOR_KEYS: z.string().optional(),
  SIMULATOR_FAULTS: z.enum(['0', '1', '']).default('0'),
});

export interface SimulatorConfig {
  port: number;
  host: string;
  now: () => number;
  keys: ReturnType<typeof parseKeys> | undefined;
  faults: boolean;
}

export function simulatorConfig(env: NodeJS.ProcessEnv): SimulatorConfig {
  const parsed = simulatorEnvSchema.parse(env);
  return {
    port: parsed.SIMULATOR_PORT,
    host: parsed.SIMULATOR_HOST,
    now: clockFrom(parsed.SIMULATOR_NOW),
    keys: parsed.SIMULATOR_KEYS ? parseKeys(parsed.SIMULATOR_KEYS) : undefined,
    faults: parsed.SIMULATOR_FAULTS === '1',
  };
}
