import { seededRandom } from './random';
import { createNoise4D } from './simplex-noise-4d';

/**
 * Smooth random fields over the globe and time that drift with the prevailing winds.
 *
 * Longitude is mapped onto a circle so the field is continuous across the date line. Each field
 * is sampled in two drift regimes — westerlies poleward of ~35° and easterly trades in the
 * tropics — and blended by latitude. Blending fields rather than bending coordinates keeps
 * features from being sheared without limit as time runs on.
 */

export interface FieldScale {
  /** Typical feature size in degrees. */
  degrees: number;
  /** Hours for a feature to evolve substantially in place. */
  hours: number;
  /**
   * For slow fields: evaluate on a fixed global grid of this many hours and interpolate between.
   * Every caller sees the same values, and a time series pays for each grid point once.
   */
  anchorHours?: number;
}

/** Drift in radians of longitude per hour: ~10 m/s westerlies, ~5 m/s easterly trades. */
const westerlyDrift = (0.42 * Math.PI) / 180;
const tradeDrift = (-0.17 * Math.PI) / 180;

/**
 * Each regime's drift angle depends on the time alone, so its cos and sin are shared by every
 * field and every place sampled at the same hour: a lightning scan asks hundreds of cells at
 * each grid time, and a sample asks seven fields at one. Kept for the last hours asked, by slot.
 */
const driftSlots = 512;
const driftHours = new Float64Array(driftSlots).fill(Number.NaN);
const westerlyCos = new Float64Array(driftSlots);
const westerlySin = new Float64Array(driftSlots);
const tradeCos = new Float64Array(driftSlots);
const tradeSin = new Float64Array(driftSlots);

function driftSlot(hours: number): number {
  // Quarter hours apart, grid times fall in different slots.
  const slot = Math.floor(hours * 4) & (driftSlots - 1);
  if (driftHours[slot] !== hours) {
    driftHours[slot] = hours;
    westerlyCos[slot] = Math.cos(westerlyDrift * hours);
    westerlySin[slot] = Math.sin(westerlyDrift * hours);
    tradeCos[slot] = Math.cos(tradeDrift * hours);
    tradeSin[slot] = Math.sin(tradeDrift * hours);
  }
  return slot;
}

/** A drift's rotation at each time of a span: cos and sin of the angle, in order. */
interface SpanRotation {
  cos: Float64Array;
  sin: Float64Array;
}

/**
 * The same for batches: a span's rotations are shared by every cell of a lightning scan and
 * every field of a series, which ask for the same span. Kept for the last few spans asked.
 */
const spanRotations: (SpanRotation & { drift: number; first: number; step: number })[] = [];
const spanRotationsKept = 8;

function spanRotation(drift: number, first: number, step: number, count: number): SpanRotation {
  for (const kept of spanRotations) {
    const same = kept.drift === drift && kept.first === first && kept.step === step;
    if (same && kept.cos.length === count) return kept;
  }
  const rotation = {
    drift,
    first,
    step,
    cos: new Float64Array(count),
    sin: new Float64Array(count),
  };
  for (let index = 0; index < count; index++) {
    const hours = (first + index * step) / 3600;
    rotation.cos[index] = Math.cos(drift * hours);
    rotation.sin[index] = Math.sin(drift * hours);
  }
  spanRotations.unshift(rotation);
  if (spanRotations.length > spanRotationsKept) spanRotations.pop();
  return rotation;
}

/**
 * Working space for batches, kept between them: a typed array per batch cost more than the
 * noise of a short one. As large as the largest batch asked (a year of hours: a few hundred KB).
 */
const batchBuffers = {
  points: new Float64Array(0),
  noise: new Float64Array(0),
  grid: new Float64Array(0),
};

function batchBuffer(name: keyof typeof batchBuffers, length: number): Float64Array {
  if (batchBuffers[name].length < length) batchBuffers[name] = new Float64Array(length * 2);
  return batchBuffers[name];
}

export interface Field {
  /** The field at one place as a function of time, with everything about the place worked out once. */
  at(lat: number, lon: number): (unixSeconds: number) => number;
  /**
   * The same for times in [from, to] (`step` apart, when they are), with the grid values they
   * need worked out in one batch: a lightning scan asks each cell for every 5-minute bin of up
   * to a day, a year of daily history every hour. Other times are answered as `at` answers them.
   */
  between(
    lat: number,
    lon: number,
    from: number,
    to: number,
    step?: number,
  ): (unixSeconds: number) => number;
  /**
   * The field at one place at times from `first`, `step` apart, all at once: as many as `into`
   * holds, written into it (a scan reuses one array for all its cells).
   */
  series(lat: number, lon: number, first: number, step: number, into: Float64Array): Float64Array;
  /**
   * What reading the field at `reads` (times known in advance, in any order) needs: the grid
   * times they fall between and their drift rotations, worked out once and shared by every
   * place read at those times (`valuesAt`).
   */
  plan(reads: Float64Array): ReadPlan;
  /**
   * The field at one place at each of a plan's reads, written into `into` (at least as long as
   * the reads), each as `at` works it out: the grid values they need, and only those, in one batch.
   * A place's storm reads each lightning cell around it at the 5-minute bins of the quarter hour
   * before each hour of a series, which needs three of every four grid times (`series` would
   * work out all four).
   */
  valuesAt(lat: number, lon: number, plan: ReadPlan, into: Float64Array): Float64Array;
}

/** What `Field.plan` works out. */
export interface ReadPlan {
  /** The grid step it was made for, seconds. */
  readonly gridSeconds: number;
  /** The grid times the reads need, in order. */
  readonly times: Float64Array;
  /** Each read's grid time at or before it, as an index into `times`. */
  readonly before: Int32Array;
  /** Each read's grid time after it, as an index into `times`; -1 for a read on a grid time. */
  readonly after: Int32Array;
  /** Seconds from each read's grid time before it to the read. */
  readonly since: Float64Array;
  /** Cos and sin of each drift regime's angle at each needed time, made on first use. */
  readonly turns: Map<number, { cos: Float64Array; sin: Float64Array }>;
}

export function createField(seed: number, scale: FieldScale): Field {
  const noise = createNoise4D(seededRandom(seed));
  const radius = 360 / scale.degrees / (2 * Math.PI);
  const anchorSeconds = (scale.anchorHours ?? 0) * 3600;

  /**
   * A place as radius·cos(lon), radius·sin(lon), scaled latitude and its westerly weight: at 1
   * only the westerly regime is sampled, at 0 only the trade one, in between both, blended.
   */
  const placeOf = (lat: number, lon: number) => {
    const radians = (lon * Math.PI) / 180;
    return {
      rc: radius * Math.cos(radians),
      rs: radius * Math.sin(radians),
      z: lat / scale.degrees,
      weight: smoothstep(20, 35, Math.abs(lat)),
    };
  };
  type Place = ReturnType<typeof placeOf>;

  /**
   * Writes into `points` at `at` the noise point of a place at hour-scaled time `w` for a drift
   * regime's rotation: radius · cos(lon − drift·h) and radius · sin(lon − drift·h) by the
   * angle-difference identity.
   */
  const writePoint = (
    points: Float64Array,
    at: number,
    place: Place,
    w: number,
    cosDrift: number,
    sinDrift: number,
  ) => {
    points[at] = place.rc * cosDrift + place.rs * sinDrift;
    points[at + 1] = place.rs * cosDrift - place.rc * sinDrift;
    points[at + 2] = place.z;
    points[at + 3] = w;
  };

  /** The field from its regimes' noise values: blended across the subtropics. */
  const blend = (weight: number, westerly: number, trade: number) =>
    weight * westerly + (1 - weight) * trade;

  // One time at a time (a series' next grid time, a sample), through buffers kept for it.
  const onePoints = new Float64Array(8);
  const oneValues = new Float64Array(2);
  const evaluateAt = (place: Place, unixSeconds: number) => {
    const hours = unixSeconds / 3600;
    const w = hours / scale.hours;
    const slot = driftSlot(hours);
    const westerly = !(place.weight <= 0);
    const trade = !(place.weight >= 1);
    if (westerly)
      writePoint(onePoints, 0, place, w, westerlyCos[slot] as number, westerlySin[slot] as number);
    if (trade)
      writePoint(
        onePoints,
        westerly ? 4 : 0,
        place,
        w,
        tradeCos[slot] as number,
        tradeSin[slot] as number,
      );
    noise(onePoints, oneValues, westerly && trade ? 2 : 1);
    return westerly && trade
      ? blend(place.weight, oneValues[0] as number, oneValues[1] as number)
      : (oneValues[0] as number);
  };

  /** The field at `count` times from `first`, `step` apart, at a place: one call to the noise. */
  const evaluateGrid = (
    place: Place,
    first: number,
    step: number,
    count: number,
    values: Float64Array = new Float64Array(count),
  ) => {
    const westerlyTurn = !(place.weight <= 0)
      ? spanRotation(westerlyDrift, first, step, count)
      : undefined;
    const tradeTurn = !(place.weight >= 1)
      ? spanRotation(tradeDrift, first, step, count)
      : undefined;
    const regimes = westerlyTurn && tradeTurn ? 2 : 1;
    const points = batchBuffer('points', count * regimes * 4);
    for (let index = 0; index < count; index++) {
      const w = (first + index * step) / 3600 / scale.hours;
      let at = index * regimes * 4;
      if (westerlyTurn) {
        const { cos, sin } = westerlyTurn;
        writePoint(points, at, place, w, cos[index] as number, sin[index] as number);
        at += 4;
      }
      if (tradeTurn) {
        const { cos, sin } = tradeTurn;
        writePoint(points, at, place, w, cos[index] as number, sin[index] as number);
      }
    }
    if (regimes === 1) {
      noise(points, values, count);
      return values;
    }
    const noiseValues = batchBuffer('noise', count * 2);
    noise(points, noiseValues, count * 2);
    for (let index = 0; index < count; index++) {
      values[index] = blend(
        place.weight,
        noiseValues[index * 2] as number,
        noiseValues[index * 2 + 1] as number,
      );
    }
    return values;
  };

  const at = (lat: number, lon: number) => {
    const place = placeOf(lat, lon);
    if (anchorSeconds === 0) return (unixSeconds: number) => evaluateAt(place, unixSeconds);
    // The last two grid times and their values: a series stepping forward reuses them, whatever
    // its step. A typed array holds them without boxing a number at each step.
    const grid = Float64Array.of(Number.NaN, 0, Number.NaN, 0);
    const gridValue = (anchor: number) => {
      if (anchor === grid[0]) return grid[1] as number;
      if (anchor === grid[2]) return grid[3] as number;
      const value = evaluateAt(place, anchor);
      grid[0] = grid[2] as number;
      grid[1] = grid[3] as number;
      grid[2] = anchor;
      grid[3] = value;
      return value;
    };
    // Linear interpolation between the grid times either side of t; on a grid time, just its value.
    return (unixSeconds: number) => {
      const anchor = Math.floor(unixSeconds / anchorSeconds) * anchorSeconds;
      const before = gridValue(anchor);
      if (unixSeconds === anchor) return before;
      const after = gridValue(anchor + anchorSeconds);
      return before + ((after - before) * (unixSeconds - anchor)) / anchorSeconds;
    };
  };

  /**
   * The grid values times in [from, to] need, `step` apart when they are: a series whose every
   * time is a grid time (hourly samples of a field on a quarter-hour grid) needs only its own;
   * any other needs every grid time in the span and the one after it.
   */
  const gridFor = (place: Place, from: number, to: number, step: number, transient = false) => {
    const onGrid = step > 0 && step % anchorSeconds === 0 && from % anchorSeconds === 0;
    const first = onGrid ? from : Math.floor(from / anchorSeconds) * anchorSeconds;
    const gridStep = onGrid ? step : anchorSeconds;
    const count = onGrid
      ? Math.floor((to - from) / step) + 1
      : Math.floor(to / anchorSeconds) - first / anchorSeconds + 2;
    // A grid read at once and let go can live in the batch's working space.
    const values = transient ? batchBuffer('grid', count) : new Float64Array(count);
    return {
      onGrid,
      first,
      gridStep,
      count,
      values: evaluateGrid(place, first, gridStep, count, values),
    };
  };

  /** The value at t from a grid, as `at` works it out; NaN when the grid does not hold t. */
  const fromGrid = (grid: ReturnType<typeof gridFor>, unixSeconds: number) => {
    const { first, gridStep, count, values } = grid;
    const anchor = Math.floor(unixSeconds / anchorSeconds) * anchorSeconds;
    const index = (anchor - first) / gridStep;
    if (grid.onGrid) {
      const held = unixSeconds === anchor && Number.isInteger(index) && index >= 0 && index < count;
      return held ? (values[index] as number) : Number.NaN;
    }
    if (!(index >= 0 && index < count - 1)) return Number.NaN;
    const before = values[index] as number;
    if (unixSeconds === anchor) return before;
    const after = values[index + 1] as number;
    return before + ((after - before) * (unixSeconds - anchor)) / anchorSeconds;
  };

  const between = (lat: number, lon: number, from: number, to: number, step = 0) => {
    if (anchorSeconds === 0 || !(to >= from)) return at(lat, lon);
    const grid = gridFor(placeOf(lat, lon), from, to, step);
    let outside: ((unixSeconds: number) => number) | undefined;
    return (unixSeconds: number) => {
      const value = fromGrid(grid, unixSeconds);
      return Number.isNaN(value) ? (outside ??= at(lat, lon))(unixSeconds) : value;
    };
  };

  const series = (lat: number, lon: number, first: number, step: number, into: Float64Array) => {
    const count = into.length;
    if (count === 0) return into;
    const place = placeOf(lat, lon);
    if (anchorSeconds === 0) return evaluateGrid(place, first, step, count, into);
    const grid = gridFor(place, first, first + (count - 1) * step, step, true);
    for (let index = 0; index < count; index++) into[index] = fromGrid(grid, first + index * step);
    return into;
  };

  const plan = (reads: Float64Array): ReadPlan => {
    if (anchorSeconds === 0) throw new Error('plan: a field without a time grid reads directly');
    let low = Infinity;
    let high = -Infinity;
    for (let index = 0; index < reads.length; index++) {
      const unixSeconds = reads[index] as number;
      if (!Number.isFinite(unixSeconds)) throw new RangeError('plan: a read at no finite time');
      const anchor = Math.floor(unixSeconds / anchorSeconds);
      low = Math.min(low, anchor);
      high = Math.max(high, unixSeconds === anchor * anchorSeconds ? anchor : anchor + 1);
    }
    if (!(high - low < 1e7))
      throw new RangeError('plan: reads span more than 10 million grid times');
    // Each grid time in the span: 0 while marking those the reads need, then its place among them.
    const slots = new Int32Array(high >= low ? high - low + 1 : 0).fill(-1);
    for (let index = 0; index < reads.length; index++) {
      const unixSeconds = reads[index] as number;
      const anchor = Math.floor(unixSeconds / anchorSeconds);
      slots[anchor - low] = 0;
      if (unixSeconds !== anchor * anchorSeconds) slots[anchor + 1 - low] = 0;
    }
    let needed = 0;
    for (let index = 0; index < slots.length; index++)
      if (slots[index] === 0) slots[index] = needed++;
    const times = new Float64Array(needed);
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      if (slot >= 0) times[slot] = (low + index) * anchorSeconds;
    }
    const before = new Int32Array(reads.length);
    const after = new Int32Array(reads.length);
    const since = new Float64Array(reads.length);
    for (let index = 0; index < reads.length; index++) {
      const unixSeconds = reads[index] as number;
      // As `at` finds the grid times either side.
      const anchor = Math.floor(unixSeconds / anchorSeconds) * anchorSeconds;
      const slot = anchor / anchorSeconds - low;
      before[index] = slots[slot] as number;
      after[index] = unixSeconds === anchor ? -1 : (slots[slot + 1] as number);
      since[index] = unixSeconds - anchor;
    }
    return { gridSeconds: anchorSeconds, times, before, after, since, turns: new Map() };
  };

  /** A drift's rotation at each of a plan's grid times, as `spanRotation` works it out. */
  const planTurn = (readPlan: ReadPlan, drift: number): SpanRotation => {
    let turn = readPlan.turns.get(drift);
    if (!turn) {
      const { times } = readPlan;
      turn = { cos: new Float64Array(times.length), sin: new Float64Array(times.length) };
      for (let index = 0; index < times.length; index++) {
        const hours = (times[index] as number) / 3600;
        turn.cos[index] = Math.cos(drift * hours);
        turn.sin[index] = Math.sin(drift * hours);
      }
      readPlan.turns.set(drift, turn);
    }
    return turn;
  };

  const valuesAt = (lat: number, lon: number, readPlan: ReadPlan, into: Float64Array) => {
    const { times, before, after, since } = readPlan;
    if (readPlan.gridSeconds !== anchorSeconds)
      throw new Error('valuesAt: a plan for another grid');
    const count = times.length;
    const place = placeOf(lat, lon);
    // As evaluateGrid, at the plan's grid times rather than a regular step.
    const westerlyTurn = !(place.weight <= 0) ? planTurn(readPlan, westerlyDrift) : undefined;
    const tradeTurn = !(place.weight >= 1) ? planTurn(readPlan, tradeDrift) : undefined;
    const regimes = westerlyTurn && tradeTurn ? 2 : 1;
    const points = batchBuffer('points', count * regimes * 4);
    for (let index = 0; index < count; index++) {
      const w = (times[index] as number) / 3600 / scale.hours;
      let offset = index * regimes * 4;
      if (westerlyTurn) {
        const { cos, sin } = westerlyTurn;
        writePoint(points, offset, place, w, cos[index] as number, sin[index] as number);
        offset += 4;
      }
      if (tradeTurn) {
        const { cos, sin } = tradeTurn;
        writePoint(points, offset, place, w, cos[index] as number, sin[index] as number);
      }
    }
    const values = batchBuffer('grid', count);
    if (regimes === 1) noise(points, values, count);
    else {
      const noiseValues = batchBuffer('noise', count * 2);
      noise(points, noiseValues, count * 2);
      for (let index = 0; index < count; index++) {
        values[index] = blend(
          place.weight,
          noiseValues[index * 2] as number,
          noiseValues[index * 2 + 1] as number,
        );
      }
    }
    // Each read as `at` interpolates between its grid times.
    for (let index = 0; index < before.length; index++) {
      const from = values[before[index] as number] as number;
      const next = after[index] as number;
      into[index] =
        next < 0
          ? from
          : from + (((values[next] as number) - from) * (since[index] as number)) / anchorSeconds;
    }
    return into;
  };

  return { at, between, series, plan, valuesAt };
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
