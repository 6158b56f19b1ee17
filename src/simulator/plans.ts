/**
 * The provider's plans as public material describes them (reference.md). Enterprise is "by
 * contract"; we give it ten million calls a day and 500 a second.
 */
export const plans = {
  free: { name: 'Free', dailyCalls: 50, perSecond: 1, history: false },
  standard: { name: 'Standard', dailyCalls: 25_000, perSecond: 25, history: false },
  plus: { name: 'Plus', dailyCalls: 250_000, perSecond: 50, history: true },
  business: { name: 'Business', dailyCalls: 2_000_000, perSecond: 150, history: true },
  enterprise: { name: 'Enterprise', dailyCalls: 10_000_000, perSecond: 500, history: true },
} as const;

export type PlanId = keyof typeof plans;
export const planIds = Object.keys(plans) as PlanId[];

export function isPlanId(value: string): value is PlanId {
  return Object.hasOwn(plans, value);
}

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
