import { describe, expect, it } from 'vitest';
import { isLand } from './land';
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

  it('keeps Antarctica in Antarctic time: the boundaries, else the nearest station', () => {
    // The pole keeps the New Zealand time its station keeps (tzdata: "McMurdo, South Pole").
    expect(placeAt(-90, 0).timeZone).toBe('Antarctica/McMurdo');
    expect(placeAt(-89.9, 120).timeZone).toBe('Antarctica/McMurdo');
    // geo-tz put 80°S 0°E in Africa/Johannesburg; Troll is the station nearest.
    expect(placeAt(-80, 0).timeZone).toBe('Antarctica/Troll');
    expect(placeAt(-75, 0).timeZone).toBe('Antarctica/Troll');
    expect(placeAt(-72, 2.5).timeZone).toBe('Antarctica/Troll');
    expect(placeAt(-80, 90).timeZone).toBe('Antarctica/Vostok');
    // Land geo-tz left without a zone: no nautical time on the ice.
    expect(placeAt(-80, -100).timeZone).toBe('Antarctica/Rothera');
    // Every land point south of 60°S is in an Antarctic zone; the sea around keeps nautical time.
    for (let lat = -89; lat <= -61; lat += 4)
      for (let lon = -180; lon < 180; lon += 15) {
        const zone = placeAt(lat, lon).timeZone;
        expect(zone, `${lat}, ${lon}`).toMatch(
          isLand(lat, lon) ? /^Antarctica\// : /^(Antarctica\/|Etc\/GMT)/,
        );
      }
  });
});

describe('isLand', () => {
  it('counts the South Pole as land, as every point around it', () => {
    expect(isLand(-90, 0)).toBe(true);
    expect(isLand(-90, 180)).toBe(true);
    expect(isLand(-89.995, -45)).toBe(true);
    expect(isLand(90, 0)).toBe(false);
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
