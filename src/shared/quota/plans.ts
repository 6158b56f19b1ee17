/**
 * The provider's plans as public material describes them (reference.md). Enterprise is "by
 * contract"; we give it ten million calls a day and 500 a second. The simulator enforces them;
 * the BFF paces itself below a plan's velocity limit and offers the plans as DEMO_PLAN.
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
