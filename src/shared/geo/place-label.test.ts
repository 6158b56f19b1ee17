import { describe, expect, it } from 'vitest';
import { coordinatesLabel, countryName, placeLabel } from './place-label';

describe('placeLabel', () => {
  it('spells out the region and the country, so two Parises read apart', () => {
    expect(placeLabel({ name: 'Paris', region: 'Île-de-France', countryCode: 'FR' })).toBe(
      'Paris, Île-de-France, France',
    );
    expect(placeLabel({ name: 'Paris', region: 'Ontario', countryCode: 'CA' })).toBe(
      'Paris, Ontario, Canada',
    );
  });

  it('leaves out a region that is unknown or named like the place', () => {
    expect(placeLabel({ name: 'Tokyo', region: 'Tokyo', countryCode: 'JP' })).toBe('Tokyo, Japan');
    expect(placeLabel({ name: 'Raleigh', countryCode: 'US' })).toBe('Raleigh, United States');
    expect(placeLabel({ name: 'Somewhere', region: '', countryCode: '' })).toBe('Somewhere');
  });

  it('keeps a country code the runtime cannot name as it is', () => {
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('ZZZ')).toBe('ZZZ');
    expect(countryName('')).toBe('');
  });
});

describe('coordinatesLabel', () => {
  it('names the hemispheres, and none for a coordinate that rounds to zero', () => {
    expect(coordinatesLabel(-80, 0)).toBe('80.00°S, 0.00°E');
    expect(coordinatesLabel(51.4779, -0.0015)).toBe('51.48°N, 0.00°E');
    expect(coordinatesLabel(-0.004, -140.5)).toBe('0.00°N, 140.50°W');
  });
});
