import { describe, expect, it } from 'vitest';
import type { CurrentObservation } from '../../shared/weather/current-schema';
import { griddedInputs, readConditions, wbgtInputFromCurrent, withStation } from './conditions';
import type { MinuteReading } from '../stations/station-store';
import { heatIndexC } from '../../shared/safety/heat-index';
import { heatFlagThresholds } from './heat-flag';

describe('WBGT inputs from a current-conditions record', () => {
  it('takes the irradiance through the cloud, the 10 m wind and the station pressure', () => {
    // Cloud has cut the clear sky's 870 W/m² (ghi) to 412 (solar_rad); the sea-level pressure
    // (slp) is not what the thermometers feel at this height.
    const record = {
      temp: 31,
      rh: 55,
      wind_spd: 3.4,
      pres: 987.5,
      slp: 1012.1,
      solar_rad: 412,
      ghi: 870,
      dni: 905,
      elev_angle: 62.5,
    };
    expect(wbgtInputFromCurrent(record)).toEqual({
      temperatureC: 31,
      relativeHumidityPercent: 55,
      windSpeedMs: 3.4,
      windHeightM: 10,
      pressureHpa: 987.5,
      solarWm2: 412,
      solarElevationDeg: 62.5,
    });
  });
});

describe('what the watch reads off a current-conditions record', () => {
  const afternoon = {
    temp: 35,
    rh: 60,
    wind_spd: 1.5,
    gust: 3,
    aqi: 40,
    pres: 1005,
    solar_rad: 900,
    elev_angle: 65,
  } as CurrentObservation;
  const black = heatFlagThresholds.find((threshold) => threshold.flag === 'black')!;

  it('estimates the WBGT and flies its flag: a hot, humid, sunny, still afternoon is black', () => {
    const read = readConditions(afternoon);
    expect(read.wbgtC).toBeGreaterThan(black.fromC);
    expect(read.wbgtFlag).toBe('black');
    expect(read.heatIndexC).toBeGreaterThan(40);
  });

  it('a cool night flies no flag', () => {
    const read = readConditions({ ...afternoon, temp: 18, rh: 50, solar_rad: 0, elev_angle: -20 });
    expect(read.wbgtC).toBeLessThan(heatFlagThresholds[0]!.fromC);
    expect(read.wbgtFlag).toBe('none');
  });

  it('an impossible reading leaves the WBGT unknown instead of stopping the round', () => {
    const read = readConditions({ ...afternoon, pres: -5 });
    expect(read.wbgtC).toBeUndefined();
    expect(read.wbgtFlag).toBeUndefined();
    expect(read.windMs).toBe(1.5);
  });
});

describe("a site's own station in place of the grid", () => {
  const afternoon = {
    temp: 24,
    rh: 50,
    wind_spd: 4,
    gust: 7,
    aqi: 40,
    pres: 1005,
    solar_rad: 300,
    elev_angle: 65,
  } as CurrentObservation;
  const gridded = readConditions(afternoon);
  const inputs = griddedInputs(afternoon);
  const minute: MinuteReading = {
    stationId: 'jib',
    minute: 0,
    at: 30_000,
    count: 2,
    windMs: null,
    gustMs: null,
    windDir: null,
    tempC: null,
    humidity: null,
    pressureHpa: null,
    solarWm2: null,
    rainDayMm: null,
  };
  const station = (reading: Partial<MinuteReading>) =>
    withStation(gridded, inputs, {
      id: 'jib',
      name: 'Jib anemometer',
      reading: { ...minute, ...reading },
    });

  it('an anemometer alone replaces the wind and leaves the heat as the grid has it', () => {
    const read = station({ windMs: 12, gustMs: 21.5 });
    expect(read).toEqual({
      ...gridded,
      windMs: 12,
      gustMs: 21.5,
      station: { id: 'jib', name: 'Jib anemometer', at: 30_000, wind: true, heat: false },
    });
  });

  it("reads the heat index and WBGT from the station's temperature, humidity and sunlight", () => {
    const read = station({ tempC: 35, humidity: 60, solarWm2: 950 });
    expect(read.tempC).toBe(35);
    expect(read.heatIndexC).toBe(heatIndexC(35, 60));
    expect(read.station).toMatchObject({ wind: false, heat: true });
    // Hotter, more humid and sunnier than the grid's: a higher WBGT, the grid's wind kept.
    expect(read.windMs).toBe(4);
    expect(read.wbgtC).toBeGreaterThan((gridded.wbgtC ?? 0) + 5);
    expect(read.aqi).toBe(40);
    const shaded = station({ tempC: 35, humidity: 60, solarWm2: 0 });
    expect(shaded.wbgtC).toBeLessThan(read.wbgtC ?? 0);
  });
});
