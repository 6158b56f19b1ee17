import type { SafetyLevel } from '../../../lib/lightning-safety';
import { levelLabels } from '../../../../shared/safety/level-labels';
import type { StatusLevel } from '../../../../shared/safety/site-policy';

const cardLabels: Record<SafetyLevel, string> = {
  stop: 'STOP',
  caution: 'CAUTION',
  clear: 'ALL CLEAR',
  unconfirmed: 'CANNOT CONFIRM',
};

/** How much each level holds a crew back; a card that cannot confirm holds them as STOP does. */
const weight: Record<SafetyLevel | StatusLevel, number> = {
  clear: 0,
  no_data: 0,
  watch: 1,
  caution: 2,
  stop: 3,
  unconfirmed: 3,
};

export interface CardHeadline {
  /** The look: a level's, `weaker`, or `unknown`. */
  tone: string;
  label: string;
  /** The lightning words are only part of the story: said as "Lightning: …". */
  lightningOnly: boolean;
}

/**
 * What the card's headline says. Never calmer than the watch: at a watched site the watch's own
 * level heads the card when it is worse than what lightning alone decides (a STOP for heat is a
 * STOP), and lightning's clear is never ALL CLEAR while the watch has no data for the site. A
 * clear decided by a rule weaker than it should be is never the green ALL CLEAR.
 */
export function cardHeadline(
  decision: SafetyLevel,
  weakerRule: boolean,
  siteLevel: StatusLevel | undefined,
): CardHeadline {
  if (siteLevel !== undefined && siteLevel !== 'no_data' && weight[siteLevel] > weight[decision])
    return { tone: siteLevel, label: levelLabels[siteLevel], lightningOnly: true };
  if (decision === 'clear' && weakerRule)
    return { tone: 'weaker', label: 'CLEAR ONLY BY A WEAKER RULE', lightningOnly: false };
  if (decision === 'clear' && siteLevel === 'no_data')
    return { tone: 'unknown', label: 'LIGHTNING CLEAR', lightningOnly: true };
  return { tone: decision, label: cardLabels[decision], lightningOnly: false };
}
