import { round } from './round';
import type { Concentrations } from '../../shared/weather/aqi';
import type { ConditionCode } from './condition-codes';
import { concentrations } from './air-chemistry';
import { annualMeanTemperature, diurnalDeparture, seasonalAmplitude, seasonPhase } from './climate';
import { conditionCode, thunderThreshold } from './condition';
import { createField, type Field, smoothstep } from './fields';
import { binMiddle, binsReportedIn, cellsWithin, isRadarLongitude } from './lightning';
import { irradiance } from './radiation';
import { type SunPosition, sunTracker } from './solar';
import { apparentTemperature, dewPoint, relativeHumidity, stationPressure } from './thermo';

/**
 * One deterministic atmosphere. Every endpoint samples it, so a place and an instant always give
 * the same weather, and views of the same hour agree. All values are metric (°C, m/s, mm, km,
 * mb); endpoints convert units at the edge.
 */
export interface AtmosphereSample {
  unixSeconds: number;
  lat: number;
  lon: number;
  sun: SunPosition;
  partOfDay: 'd' | 'n';
  temperature: number;
  dewPoint: number;
  /** Percent. */
  relativeHumidity: number;
  apparentTemperature: number;
  seaLevelPressure: number;
  pressure: number;
  windSpeed: number;
  /** Degrees the wind blows from. */
  windDirection: number;
  gust: number;
  /** Percent. */
  clouds: number;
  /** Low, middle and high cloud cover, percent. */
  cloudLayers: { low: number; mid: number; high: number };
  /** Liquid-equivalent rate, mm/h. */
  precipRate: number;
  /** Snowfall rate, mm/h of snow. */
  snowRate: number;
  visibility: number;
  uv: number;
  ghi: number;
  dni: number;
  dhi: number;
  solarRad: number;
  /** Total ozone column, Dobson units. */
  ozone: number;
  /** µg/m³; the AQI is derived from them where it is reported (aqiFromConcentrations). */
  pollutants: Concentrations;
  /**
   * Thunderstorm strength 0–1 (lightning above the thunder threshold): the place's own, or more
   * where lightning has struck close by (`thunderNear`).
   */
  storm: number;
  code: ConditionCode;
}

export interface World {
  sample(lat: number, lon: number, unixSeconds: number): AtmosphereSample;
  /** The weather at one place as a function of time: the fast path for time series. */
  at(lat: number, lon: number): (unixSeconds: number) => AtmosphereSample;
  /**
   * The same for a series known in advance, times in [from, to] `step` apart: the fields' grid
   * values it needs are worked out in batches up front (a year of daily history is 9,000 hours).
   * Other times are answered as `at` answers them.
   */
  between(
    lat: number,
    lon: number,
    from: number,
    to: number,
    step: number,
  ): (unixSeconds: number) => AtmosphereSample;
  /**
   * Thunderstorm strength alone, without what lightning close by adds to a sample: the storms
   * lightning is drawn from, the cheap path for scanning an area for it.
   */
  storm(lat: number, lon: number, unixSeconds: number): number;
  /**
   * Thunderstorm strength at one place at times from `first`, `step` apart, as many as `into`
   * holds, written into it: for scanning many time bins, the convection they need worked out in
   * one batch.
   */
  stormSeries(lat: number, lon: number, first: number, step: number, into: Float64Array): void;
}

/** What lies under a point: how much is land, how high it is, how built-up. */
export interface Surface {
  /** 0 open sea … 1 inland. */
  land: number;
  /** Metres above sea level. */
  elevation: number;
  /** 0 wilderness … 1 city centre. */
  urban: number;
}

export type SurfaceLookup = (lat: number, lon: number) => Surface;

/** Sea-level land with a little town: enough for tests that load no geographic data. */
export const plainSurface: SurfaceLookup = () => ({ land: 1, elevation: 0, urban: 0.3 });

export const defaultWorldSeed = 20240815;

export interface WorldOptions {
  seed?: number;
  surface?: SurfaceLookup;
}

/**
 * Lightning this near a place, this recently, makes it report a thunderstorm with rain: the
 * strikes the lightning endpoints list and the weather every other endpoint reports come from
 * the same storms. METAR reports a thunderstorm until 15 minutes after the last thunder; 5 km
 * keeps it to where a cell's rain falls (thunder carries further, but every thunderstorm code
 * the provider has comes with rain).
 */
export const thunderNear = { km: 5, minutes: 15 } as const;
const thunderWindow = thunderNear.minutes * 60;

/**
 * What a cell's storm in one bin (read at its middle) lifts a place's storm to at t, when above
 * the thunder threshold: more the nearer the cell and the fresher the bin.
 */
const feltFrom = (nearKm: number, storm: number, middle: number, t: number) =>
  thunderThreshold +
  (storm - thunderThreshold) *
    Math.exp(-nearKm / thunderNear.km - Math.max(0, t - middle) / thunderWindow);

/**
 * The instant the weather `now` is reported for: the start of its minute. The current
 * observation, the alerts in force and the minutely forecast's first point all read the world
 * then, so they agree with each other and with the strikes listed up to then.
 */
export const observedAt = (now: number): number => Math.floor(now / 60) * 60;

/** The wind field's finite-difference step, degrees (~80 km: systems are ~2,000 km across). */
const windStep = 0.75;
/** No storm below this convection value, whatever the air mass (0.99 − 0.42). */
const convectionFloor = 0.57;
const dayOfYearPeriod = 365.2422;

export function createWorld({
  seed = defaultWorldSeed,
  surface = plainSurface,
}: WorldOptions = {}): World {
  // Synoptic fields change over days: sampled every 3 hours and interpolated. Convective cells
  // live for an hour or two: every 15 minutes.
  const pressureField = createField(seed + 1, { degrees: 22, hours: 60, anchorHours: 3 });
  const moistureField = createField(seed + 2, { degrees: 16, hours: 40, anchorHours: 3 });
  const airMassField = createField(seed + 3, { degrees: 26, hours: 90, anchorHours: 3 });
  const convectionField = createField(seed + 4, { degrees: 0.8, hours: 2.5, anchorHours: 0.25 });
  const aerosolField = createField(seed + 5, { degrees: 10, hours: 30, anchorHours: 3 });
  // Thunderstorms come in organised clusters and lines, not scattered evenly over warm air.
  const organisationField = createField(seed + 6, { degrees: 4, hours: 8 });

  /** Everything about a place that does not change with time. */
  const placeTerms = (lat: number, lon: number) => {
    const ground = surface(lat, lon);
    const absLat = Math.abs(lat);
    // Land heats and cools faster than water, and air cools with height (6.5 K/km).
    const continentality = 0.45 + 0.55 * ground.land;
    return {
      ground,
      midLatitude: smoothstep(15, 40, absLat),
      synopticAmplitude: 2 + 6 * smoothstep(15, 50, absLat),
      baseTemperature: annualMeanTemperature(lat) - 0.0065 * ground.elevation,
      seasonalSwing: seasonalAmplitude(lat) * continentality,
      /** Station pressure as a share of sea-level pressure at this elevation. */
      pressureRatio: stationPressure(1, ground.elevation),
      pressureAmplitude: 13 * (0.35 + 0.65 * smoothstep(10, 45, absLat)),
    };
  };

  /** The slowly varying state the rest of a sample builds on. */
  const largeScale = (
    terms: ReturnType<typeof placeTerms>,
    moisture: number,
    airMass: number,
    season: number,
  ) => {
    // Fronts are where one air mass gives way to another: the zero line of the air-mass field.
    const front = Math.exp(-((airMass / 0.16) ** 2)) * terms.midLatitude;
    const dailyMean =
      terms.baseTemperature +
      terms.seasonalSwing * season +
      terms.synopticAmplitude * Math.tanh(1.6 * airMass);
    const instability =
      sigmoid((dailyMean - 19) / 3.5) * Math.min(1, (moisture + 1) / 2 + 0.25 + 0.3 * front);
    return { front, dailyMean, instability };
  };

  /**
   * The storm a place feels from the lightning grid's cells around it (lightning.ts): every cell
   * and 5-minute bin that can put a strike within `thunderNear` of it, in space and time, lifts
   * its storm above the thunder threshold, by more the nearer and fresher the cell's storm is.
   * A strike the lightning endpoints list near a place thus always comes with a thunderstorm, and
   * with it rain, cloud, gusts and (for a strong one) the alert the hazard rules give.
   */
  const stormNear = (lat: number, lon: number) => {
    const cells = cellsNear(lat, lon).map((cell) => ({
      ...cell,
      convectionAt: convectionField.at(cell.lat, cell.lon),
    }));
    return (t: number) => {
      let felt = 0;
      for (const cell of cells) {
        const { first, last } = binsReportedIn(cell.lon, t - thunderWindow, t);
        for (let bin = first; bin <= last; bin++) {
          const middle = binMiddle(bin);
          const storm = cell.storm(cell.convectionAt(middle), middle);
          if (storm <= thunderThreshold) continue;
          felt = Math.max(felt, feltFrom(cell.nearKm, storm, middle, t));
        }
      }
      return felt;
    };
  };

  /** The lightning cells around a place, each with its storm strength given its convection. */
  const cellsNear = (lat: number, lon: number) =>
    cellsWithin({ lat, lon }, thunderNear.km, true).map((cell) => ({
      ...cell,
      storm: stormGiven(cell.lat, cell.lon),
    }));

  /**
   * `stormNear` for a series, times in [from, to] `step` apart, worked out for all of them at
   * once: a year of daily history asks ~4 cells at 4 bins of each of 9,000 hours. Each cell's
   * convection at every bin the series reads comes from one batch of the grid values they need
   * (Field.valuesAt), and only the few bins where it passes the convection floor (stormGiven's
   * first test) go further; the strongest is kept as `stormNear` keeps it. Other times are
   * answered as `stormNear` answers them.
   */
  const stormNearSeries = (lat: number, lon: number, from: number, to: number, step: number) => {
    const span = Number.isFinite(from) && Number.isFinite(to) && step > 0 && to >= from;
    if (!span) return stormNear(lat, lon);
    const count = Math.floor((to - from) / step) + 1;
    const felt = new Float64Array(count);
    // The bins read at each time depend on the cell only through its reporting lag (radar).
    const readings = new Map<boolean, ReturnType<typeof seriesReads>>();
    let convection = new Float64Array(0);
    for (const cell of cellsNear(lat, lon)) {
      const radar = isRadarLongitude(cell.lon);
      const reading = readings.get(radar) ?? seriesReads(cell.lon, from, step, count);
      readings.set(radar, reading);
      const { reads, owners } = reading;
      if (convection.length < reads.length) convection = new Float64Array(reads.length);
      convectionField.valuesAt(cell.lat, cell.lon, reading.plan, convection);
      for (let read = 0; read < reads.length; read++) {
        if ((convection[read] as number) <= convectionFloor) continue;
        const middle = reads[read] as number;
        const storm = cell.storm(convection[read] as number, middle);
        if (storm <= thunderThreshold) continue;
        const index = owners[read] as number;
        const t = from + index * step;
        felt[index] = Math.max(felt[index] as number, feltFrom(cell.nearKm, storm, middle, t));
      }
    }
    let elsewhere: ((t: number) => number) | undefined;
    return (t: number) => {
      const index = (t - from) / step;
      const held =
        Number.isInteger(index) && index >= 0 && index < count && from + index * step === t;
      return held ? (felt[index] as number) : (elsewhere ??= stormNear(lat, lon))(t);
    };
  };

  /**
   * The bins a place's storm reads at each time of a series, for a cell at `cellLon`: each bin's
   * middle and the time it is read for (its index in the series).
   */
  const seriesReads = (cellLon: number, from: number, step: number, count: number) => {
    let total = 0;
    for (let index = 0; index < count; index++) {
      const t = from + index * step;
      const { first, last } = binsReportedIn(cellLon, t - thunderWindow, t);
      total += Math.max(0, last - first + 1);
    }
    const reads = new Float64Array(total);
    const owners = new Int32Array(total);
    let read = 0;
    for (let index = 0; index < count; index++) {
      const t = from + index * step;
      const { first, last } = binsReportedIn(cellLon, t - thunderWindow, t);
      for (let bin = first; bin <= last; bin++) {
        reads[read] = binMiddle(bin);
        owners[read++] = index;
      }
    }
    return { reads, owners, plan: convectionField.plan(reads) };
  };

  const stormFrom = (organisation: number, convection: number, instability: number) => {
    const threshold = 0.99 - 0.42 * instability * smoothstep(0.05, 0.45, organisation);
    return Math.max(0, (convection - threshold) / (1 - threshold));
  };

  /**
   * The weather at a place through time, its fields sampled as `sampling` says: one time at a
   * time, or a known series in batches. The air-quality and organisation fields are read one
   * time at a time whatever the sampling: pollutants only when asked for, organisation only
   * where convection could make a storm.
   */
  const sampler = (
    lat: number,
    lon: number,
    sampling: FieldSampling,
    near: (lat: number, lon: number) => (t: number) => number,
  ) => {
    const terms = placeTerms(lat, lon);
    const { ground } = terms;
    const pressure = sampling(pressureField, lat, lon);
    const pressureEast = sampling(pressureField, lat, lon + windStep);
    const pressureNorth = sampling(pressureField, lat + windStep, lon);
    const moistureAt = sampling(moistureField, lat, lon);
    const airMassAt = sampling(airMassField, lat, lon);
    const convectionAt = sampling(convectionField, lat, lon);
    const organisationAt = organisationField.at(lat, lon);
    const stormNearAt = near(lat, lon);
    const wind = windModel(lat);
    const sunAt = sunTracker(lat, lon);
    const derivation: PlaceDerivation = {
      urban: ground.urban,
      poleward: (Math.abs(lat) / 90) ** 1.5,
      aerosolAt: aerosolField.at(lat, lon),
    };
    // Land swings further between day and night than water.
    const diurnalLand = 0.35 + 0.65 * ground.land;

    return (t: number): AtmosphereSample => {
      const sun = sunAt(t);
      // Northern-hemisphere season, -1 midwinter … +1 midsummer; flipped in the south.
      const north = -Math.cos(
        (2 * Math.PI * (((t / 86_400) % dayOfYearPeriod) - 18)) / dayOfYearPeriod,
      );
      const season = lat >= 0 ? north : -north;
      const pressureNoise = pressure(t);
      const moisture = moistureAt(t);
      const { front, dailyMean, instability } = largeScale(terms, moisture, airMassAt(t), season);
      const itcz = Math.exp(-(((lat - 6 * north) / 7) ** 2));

      let cloudFraction = sigmoid(
        3.2 * (0.9 * moisture - 0.75 * pressureNoise + 0.9 * front + 0.6 * itcz - 0.1),
      );
      const convection = convectionAt(t);
      const storm = Math.max(
        convection <= convectionFloor ? 0 : stormFrom(organisationAt(t), convection, instability),
        stormNearAt(t),
      );
      if (storm > 0) cloudFraction = Math.max(cloudFraction, 0.6 + 0.4 * Math.min(1, storm * 2));

      const diurnal = diurnalDeparture(sun.hourAngle, cloudFraction, lat) * diurnalLand;
      const temperature = dailyMean + diurnal - (storm > thunderThreshold ? 4 * storm : 0);

      // Warm air holds more water (Clausius–Clapeyron, ~6% per kelvin).
      const waterCapacity = clamp(Math.exp(0.06 * (dailyMean - 15)), 0.05, 1.6);
      const stratiform =
        cloudFraction > 0.8 && moisture > 0
          ? 5 * ((cloudFraction - 0.8) / 0.2) ** 2 * moisture * (1 + front) * waterCapacity
          : 0;
      const convective = storm > 0 ? 32 * storm ** 1.5 * waterCapacity : 0;
      const precipRate = round(Math.max(0, stratiform) + convective, 2);
      const convectiveShare = precipRate > 0 ? convective / precipRate : 0;

      const meanHumidity = clamp(
        0.52 + 0.25 * moisture + 0.2 * cloudFraction + 0.12 * itcz,
        0.1,
        0.97,
      );
      let dew = dewPoint(dailyMean, meanHumidity);
      if (precipRate >= 0.1) dew = Math.max(dew, temperature - 1.5 + Math.min(1.4, precipRate / 5));
      dew = Math.min(dew, temperature);
      const humidity = relativeHumidity(temperature, dew);

      const slp = 1013.25 + terms.pressureAmplitude * pressureNoise;
      const flow = wind(
        (terms.pressureAmplitude * (pressureEast(t) - pressureNoise)) / windStep,
        (terms.pressureAmplitude * (pressureNorth(t) - pressureNoise)) / windStep,
      );
      const windSpeed = Math.min(32, flow.speed * (1 + 0.8 * storm));
      // Gustiness rises with convective overturning, which the convection field already measures.
      const gust = windSpeed * (1.3 + 0.25 * (convection + 1)) + 18 * storm;

      const radiation = irradiance(sun.elevation, cloudFraction);
      const snowing = temperature <= 0.5 && precipRate > 0;

      return new Sample(
        {
          unixSeconds: t,
          lat,
          lon,
          sun,
          partOfDay: sun.elevation > -0.833 ? 'd' : 'n',
          temperature,
          dewPoint: dew,
          relativeHumidity: Math.round(humidity * 100),
          seaLevelPressure: slp,
          pressure: slp * terms.pressureRatio,
          windSpeed,
          windDirection: flow.direction,
          gust,
          clouds: Math.round(cloudFraction * 100),
          precipRate,
          snowRate: snowing ? round(precipRate * 10, 2) : 0,
          uv: radiation.uv,
          ghi: radiation.ghi,
          dni: radiation.dni,
          dhi: radiation.dhi,
          solarRad: radiation.solarRad,
          storm,
        },
        { humidity, cloudFraction, front, moisture, convectiveShare, pressureNoise },
        derivation,
      );
    };
  };

  /**
   * A place's storm strength given its convection at t. The rest is made only where convection
   * could make a storm, on the first such time: the place's terms need its surface (a few
   * point-in-polygon tests), and the fields' samplers keep their grid values from one time to
   * the next, where a lightning scan asks a cell for each 5-minute bin.
   */
  const stormGiven = (lat: number, lon: number) => {
    let place:
      | {
          terms: ReturnType<typeof placeTerms>;
          moistureAt: (t: number) => number;
          airMassAt: (t: number) => number;
          organisationAt: (t: number) => number;
        }
      | undefined;
    return (convection: number, t: number) => {
      if (convection <= convectionFloor) return 0;
      place ??= {
        terms: placeTerms(lat, lon),
        moistureAt: moistureField.at(lat, lon),
        airMassAt: airMassField.at(lat, lon),
        organisationAt: organisationField.at(lat, lon),
      };
      const { instability } = largeScale(
        place.terms,
        place.moistureAt(t),
        place.airMassAt(t),
        seasonPhase(t, lat),
      );
      return stormFrom(place.organisationAt(t), convection, instability);
    };
  };

  const stormSeries = (
    lat: number,
    lon: number,
    first: number,
    step: number,
    into: Float64Array,
  ) => {
    // Each time's convection gives way to its storm strength, in the same array.
    convectionField.series(lat, lon, first, step, into);
    const storm = stormGiven(lat, lon);
    for (let index = 0; index < into.length; index++)
      into[index] = storm(into[index] as number, first + index * step);
  };

  const at = (lat: number, lon: number) =>
    sampler(lat, lon, (field, fieldLat, fieldLon) => field.at(fieldLat, fieldLon), stormNear);
  const between = (lat: number, lon: number, from: number, to: number, step: number) =>
    sampler(
      lat,
      lon,
      (field, fieldLat, fieldLon) => field.between(fieldLat, fieldLon, from, to, step),
      (nearLat, nearLon) => stormNearSeries(nearLat, nearLon, from, to, step),
    );

  // Series sample one place hour after hour; keep that place's sampler.
  let last: { lat: number; lon: number; sampler: (t: number) => AtmosphereSample } | undefined;

  return {
    at,
    between,
    sample(lat, lon, t) {
      if (!last || last.lat !== lat || last.lon !== lon) last = { lat, lon, sampler: at(lat, lon) };
      return last.sampler(t);
    },
    storm(lat, lon, t) {
      return stormGiven(lat, lon)(convectionField.at(lat, lon)(t), t);
    },
    stormSeries,
  };
}

/** How a sampler reads a field at a place: a function of time. */
type FieldSampling = (field: Field, lat: number, lon: number) => (unixSeconds: number) => number;

/** What a sample's derived quantities need of its place. */
interface PlaceDerivation {
  urban: number;
  /** (|lat| / 90)^1.5, for total ozone. */
  poleward: number;
  aerosolAt: (unixSeconds: number) => number;
}

/** What a sample's derived quantities need of the moment, beyond the sample's own fields. */
interface DerivationInputs {
  /** Relative humidity 0–1, unrounded. */
  humidity: number;
  cloudFraction: number;
  front: number;
  moisture: number;
  convectiveShare: number;
  pressureNoise: number;
}

type DerivedField =
  'pollutants' | 'visibility' | 'code' | 'apparentTemperature' | 'cloudLayers' | 'ozone';

/**
 * A sample whose derived quantities (air quality, visibility, the condition, feels-like, cloud
 * layers, ozone) are worked out when first read, each by the same formula as ever: a year of
 * daily history reads none of them, and they were a quarter of its time.
 */
class Sample implements AtmosphereSample {
  readonly unixSeconds: number;
  readonly lat: number;
  readonly lon: number;
  readonly sun: SunPosition;
  readonly partOfDay: 'd' | 'n';
  readonly temperature: number;
  readonly dewPoint: number;
  readonly relativeHumidity: number;
  readonly seaLevelPressure: number;
  readonly pressure: number;
  readonly windSpeed: number;
  readonly windDirection: number;
  readonly gust: number;
  readonly clouds: number;
  readonly precipRate: number;
  readonly snowRate: number;
  readonly uv: number;
  readonly ghi: number;
  readonly dni: number;
  readonly dhi: number;
  readonly solarRad: number;
  readonly storm: number;
  // The inputs are kept as fields rather than as the object they came in: one allocation less
  // per sample, and a year of daily history makes nine thousand.
  readonly #humidity: number;
  readonly #cloudFraction: number;
  readonly #front: number;
  readonly #moisture: number;
  readonly #convectiveShare: number;
  readonly #pressureNoise: number;
  readonly #place: PlaceDerivation;
  #pollutants: Concentrations | undefined;
  #visibility: number | undefined;
  #code: ConditionCode | undefined;
  #cloudLayers: AtmosphereSample['cloudLayers'] | undefined;

  constructor(
    fields: Omit<AtmosphereSample, DerivedField>,
    inputs: DerivationInputs,
    place: PlaceDerivation,
  ) {
    this.unixSeconds = fields.unixSeconds;
    this.lat = fields.lat;
    this.lon = fields.lon;
    this.sun = fields.sun;
    this.partOfDay = fields.partOfDay;
    this.temperature = fields.temperature;
    this.dewPoint = fields.dewPoint;
    this.relativeHumidity = fields.relativeHumidity;
    this.seaLevelPressure = fields.seaLevelPressure;
    this.pressure = fields.pressure;
    this.windSpeed = fields.windSpeed;
    this.windDirection = fields.windDirection;
    this.gust = fields.gust;
    this.clouds = fields.clouds;
    this.precipRate = fields.precipRate;
    this.snowRate = fields.snowRate;
    this.uv = fields.uv;
    this.ghi = fields.ghi;
    this.dni = fields.dni;
    this.dhi = fields.dhi;
    this.solarRad = fields.solarRad;
    this.storm = fields.storm;
    this.#humidity = inputs.humidity;
    this.#cloudFraction = inputs.cloudFraction;
    this.#front = inputs.front;
    this.#moisture = inputs.moisture;
    this.#convectiveShare = inputs.convectiveShare;
    this.#pressureNoise = inputs.pressureNoise;
    this.#place = place;
  }

  get pollutants(): Concentrations {
    this.#pollutants ??= concentrations({
      aerosol: (this.#place.aerosolAt(this.unixSeconds) + 1) / 2,
      urban: this.#place.urban,
      temperature: this.temperature,
      relativeHumidity: this.#humidity * 100,
      windSpeed: this.windSpeed,
      precipRate: this.precipRate,
      cloudFraction: this.#cloudFraction,
      sunElevation: this.sun.elevation,
      solarHour: (((12 + this.sun.hourAngle / 15) % 24) + 24) % 24,
    });
    return this.#pollutants;
  }

  get visibility(): number {
    if (this.#visibility === undefined) {
      const humidity = this.#humidity;
      const precipRate = this.precipRate;
      let visibility = 24 / (1 + 0.6 * precipRate ** 0.8) / (1 + this.pollutants.pm25 / 80);
      if (humidity >= 0.97 && this.windSpeed < 3 && precipRate < 0.1) {
        visibility = Math.min(visibility, 0.15 + 20 * (1 - humidity));
      }
      this.#visibility = visibility;
    }
    return this.#visibility;
  }

  get code(): ConditionCode {
    this.#code ??= conditionCode({
      temperature: this.temperature,
      precipRate: this.precipRate,
      convectiveShare: this.#convectiveShare,
      storm: this.storm,
      cloudFraction: this.#cloudFraction,
      visibilityKm: this.visibility,
      relativeHumidity: this.#humidity,
      pm25: this.pollutants.pm25,
    });
    return this.#code;
  }

  get apparentTemperature(): number {
    return apparentTemperature(this.temperature, this.relativeHumidity, this.windSpeed);
  }

  get cloudLayers(): AtmosphereSample['cloudLayers'] {
    this.#cloudLayers ??= cloudLayers(this.#cloudFraction, this.storm, this.#front, this.#moisture);
    return this.#cloudLayers;
  }

  /** Total ozone peaks in each hemisphere's late winter and spring, higher under lows. */
  get ozone(): number {
    const spring = -seasonPhase(this.unixSeconds - 60 * 86_400, this.lat);
    return Math.round(
      262 + 120 * this.#place.poleward * (1 + 0.3 * spring) - 18 * this.#pressureNoise,
    );
  }
}

/**
 * Splits total cover into layers: fronts and storms bring deep cloud, moist quiet weather low
 * stratus, dry weather mostly high cirrus.
 */
function cloudLayers(total: number, storm: number, front: number, moisture: number) {
  const deep = Math.min(1, front + storm);
  const low = total * clamp(0.45 + 0.35 * moisture + 0.3 * deep, 0, 1);
  const mid = total * clamp(0.3 + 0.5 * deep, 0, 1);
  const high = total * clamp(0.55 - 0.3 * moisture + 0.3 * deep, 0, 1);
  return { low: Math.round(low * 100), mid: Math.round(mid * 100), high: Math.round(high * 100) };
}

/**
 * Near-surface wind from the pressure gradient (hPa per degree): geostrophic balance (low
 * pressure to the left of the flow in the northern hemisphere), turned 25° toward low pressure
 * by surface friction, plus the prevailing westerlies or trades.
 */
function windModel(lat: number) {
  const absLat = Math.abs(lat);
  const cosLat = Math.max(0.2, Math.cos((lat * Math.PI) / 180));
  const coriolis = Math.sign(lat || 1) * Math.max(0.3, Math.abs(Math.sin((lat * Math.PI) / 180)));
  // m/s per (hPa per degree), for surface wind at about 60% of the geostrophic speed.
  const gain = 3.2 / coriolis;
  const friction = Math.tan((25 * Math.PI) / 180) * Math.abs(gain);
  const prevailingU =
    3 * smoothstep(25, 40, absLat) * (1 - smoothstep(60, 75, absLat)) -
    4 * (1 - smoothstep(15, 30, absLat));
  const prevailingV = -Math.sign(lat) * 1.5 * (1 - smoothstep(10, 30, absLat));
  return (eastGradient: number, northGradient: number) => {
    const dPdx = eastGradient / cosLat;
    const u = -gain * northGradient - friction * dPdx + prevailingU;
    const v = gain * dPdx - friction * northGradient + prevailingV;
    const speed = Math.max(0.2, Math.hypot(u, v));
    return { speed, direction: ((Math.atan2(-u, -v) * 180) / Math.PI + 360) % 360 };
  };
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
