import { describe, expect, it } from 'vitest';
import { cardHeadline } from './card-headline';

describe('the safety card’s headline', () => {
  it('is never the green ALL CLEAR for a rule weaker than it should be', () => {
    expect(cardHeadline('clear', true, undefined)).toEqual({
      tone: 'weaker',
      label: 'CLEAR ONLY BY A WEAKER RULE',
      lightningOnly: false,
    });
    expect(cardHeadline('clear', false, undefined).label).toBe('ALL CLEAR');
    // A weaker rule that still finds a strike says so as it is.
    expect(cardHeadline('stop', true, undefined).label).toBe('STOP');
  });

  it('is never calmer than the watch at a watched site', () => {
    expect(cardHeadline('clear', false, 'stop')).toEqual({
      tone: 'stop',
      label: 'STOP',
      lightningOnly: true,
    });
    expect(cardHeadline('caution', false, 'stop').label).toBe('STOP');
    expect(cardHeadline('clear', false, 'watch').label).toBe('WATCH');
    expect(cardHeadline('stop', false, 'caution').label).toBe('STOP');
    expect(cardHeadline('clear', false, 'no_data').label).toBe('LIGHTNING CLEAR');
    expect(cardHeadline('clear', false, 'clear').label).toBe('ALL CLEAR');
    expect(cardHeadline('unconfirmed', false, 'caution').label).toBe('CANNOT CONFIRM');
  });
});
