import { isPlanId, type PlanId, planIds } from '../shared/quota/plans';

/** The documented default keys: `demo-<plan>` for every plan. */
export const defaultKeys: ReadonlyMap<string, PlanId> = new Map(
  planIds.map((plan) => [`demo-${plan}`, plan]),
);

/** Parses `SIMULATOR_KEYS` (`key:plan,key:plan`). */
export function parseKeys(spec: string): Map<string, PlanId> {
  const keys = new Map<string, PlanId>();
  for (const entry of spec.split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const separator = trimmed.lastIndexOf(':');
    const key = trimmed.slice(0, separator).trim();
    const plan = trimmed.slice(separator + 1).trim();
    if (separator <= 0 || !key || !isPlanId(plan)) {
      throw new Error(
        `SIMULATOR_KEYS entry "${trimmed}" must be key:plan with plan one of ${planIds.join(', ')}`,
      );
    }
    keys.set(key, plan);
  }
  return keys;
}
