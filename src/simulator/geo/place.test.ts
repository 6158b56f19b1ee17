import { describe, expect, it } from 'vitest';
import { findCity, placeAt } from './place';

describe('placeAt', () => {
  it.each([
    [35.78, -78.64, 'Raleigh', 'NC', 'US', 'America/New_York'],
    [40.71, -74.01, 'New York City', 'NY', 'US', 'America/New_York'],
    [35.68, 139.69, 'Tokyo', '40', 'JP', 'Asia/Tokyo'],
    [-33.87, 151.21, 'Sydney', '02', 'AU', 'Australia/Sydney'],
    [78.22, 15.65, 'Longyearbyen', '21', 'SJ', 'Arctic/Longyearbyen'],
  ])('names %f, %f as %s', (lat, lon, city, state, country, timeZone) => {
    const place = placeAt(lat, lon);
    expect(place.city.name).toBe(city);
    expect(place.city.stateCode).toBe(state);
    expect(place.city.countryCode).toBe(country);
    expect(place.timeZone).toBe(timeZone);
  });

  it('gives open sea a nautical time zone', () => {
    expect(placeAt(0, -140).timeZone).toBe('Etc/GMT+9');
    expect(placeAt(-40, 100).timeZone).toBe('Etc/GMT-7');
  });
});

describe('findCity', () => {
  it('reads "name,state" and prefers the most populous match', () => {
    expect(findCity('Raleigh,NC')?.stateCode).toBe('NC');
    expect(findCity('Paris')?.countryCode).toBe('FR');
    expect(findCity('Paris', 'US')?.countryCode).toBe('US');
  });

  it('finds nothing for an unknown name', () => {
    expect(findCity('Nowhereville Upon Nothing')).toBeUndefined();
  });
});
