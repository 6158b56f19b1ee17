import type { AtmosphereSample } from './world';

/**
 * Snow on the ground, integrated hour by hour: snowfall adds to it; warmth (a degree-hour
 * factor of 1.2 mm of snow per kelvin, about 3 mm of water a degree-day), rain on snow and
 * settling take it away.
 */
export class SnowPack {
  depth = 0;

  /** Spins the pack up over the week before `samples` start, so depth is not born at zero. */
  static spinUpHours = 7 * 24;

  update(sample: AtmosphereSample): number {
    const warmth = Math.max(0, sample.temperature);
    const rainOnSnow = sample.temperature > 0.5 ? sample.precipRate : 0;
    const melt = 1.2 * warmth + rainOnSnow;
    this.depth = Math.max(0, (this.depth + sample.snowRate - melt) * 0.998);
    return this.depth;
  }
}
