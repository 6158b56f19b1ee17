import { describe, expect, it } from 'vitest';
import { strikeLayerStyle } from './strike-style';
import { timeOfDayColourExpression } from './time-of-day';

describe('the strike layer’s style', () => {
  it('gives live strikes no filter key at all, which MapLibre would refuse as undefined', () => {
    const live = strikeLayerStyle('live');
    expect('filter' in live).toBe(false);
    // Coloured and faded by age on the map's clock.
    expect(JSON.stringify(live.paint?.['circle-color'])).toContain('"global-state","now"');
  });

  it('shows a day up to the slider, coloured by the hour', () => {
    const history = strikeLayerStyle('history');
    expect(history.filter).toEqual(['<=', ['get', 'm'], ['global-state', 'until']]);
    expect(history.paint?.['circle-color']).toEqual(timeOfDayColourExpression);
    expect(JSON.stringify(history.paint)).not.toContain('"now"');
  });
});
