import type { z } from 'zod';
import type { EndpointPath } from '../../shared/api/endpoints';
import { airQualitySchema } from '../../shared/weather/air-quality-schema';
import { alertsResponseSchema } from '../../shared/weather/alert-schema';
import { currentResponseSchema } from '../../shared/weather/current-schema';
import { dailyForecastSchema } from '../../shared/weather/daily-forecast-schema';
import { energyForecastSchema } from '../../shared/weather/energy-schema';
import { historyDailySchema, historyHourlySchema } from '../../shared/weather/history-schema';
import { lightningGeoJsonSchema, lightningSchema } from '../../shared/weather/lightning-schema';
import { minutelyForecastSchema } from '../../shared/weather/minutely-schema';

/** The contract each endpoint's answer must keep before the BFF passes it on. */
export function responseSchema(endpoint: EndpointPath, query: Record<string, string>): z.ZodType {
  const lightning = query.output_type === 'geojson' ? lightningGeoJsonSchema : lightningSchema;
  const schemas: Record<EndpointPath, z.ZodType> = {
    current: currentResponseSchema,
    alerts: alertsResponseSchema,
    'current/lightning': lightning,
    'history/lightning': lightning,
    'forecast/daily': dailyForecastSchema,
    'forecast/minutely': minutelyForecastSchema,
    'forecast/airquality': airQualitySchema,
    'history/airquality': airQualitySchema,
    'history/hourly': historyHourlySchema,
    'history/daily': historyDailySchema,
    'forecast/energy': energyForecastSchema,
  };
  return schemas[endpoint];
}
