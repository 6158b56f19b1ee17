import { z } from 'zod';
import { coordinate } from './formats';

/** The top-level place fields most responses share. */
export const placeShape = {
  city_name: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  timezone: z.string(),
  lat: coordinate,
  lon: coordinate,
};

/** History responses add the city id and their data sources. */
export const historyPlaceShape = {
  ...placeShape,
  city_id: z.string(),
  sources: z.array(z.string()),
  /** DEPRECATED in the interface, still sent. */
  station_id: z.string(),
};
