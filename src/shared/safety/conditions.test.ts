import { describe, expect, it } from 'vitest';
import { wbgtInputFromCurrent } from './conditions';

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
