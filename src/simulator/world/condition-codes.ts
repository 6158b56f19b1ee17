/**
 * The provider's weather condition codes (reference.md). The icon code is the prefix plus
 * `d` or `n` by part of day.
 */
export const conditionCodes = {
  200: { description: 'Thunderstorm with light rain', icon: 't01' },
  201: { description: 'Thunderstorm with rain', icon: 't02' },
  202: { description: 'Thunderstorm with heavy rain', icon: 't03' },
  230: { description: 'Thunderstorm with light drizzle', icon: 't04' },
  231: { description: 'Thunderstorm with drizzle', icon: 't04' },
  232: { description: 'Thunderstorm with heavy drizzle', icon: 't04' },
  233: { description: 'Thunderstorm with Hail', icon: 't05' },
  300: { description: 'Light Drizzle', icon: 'd01' },
  301: { description: 'Drizzle', icon: 'd02' },
  302: { description: 'Heavy Drizzle', icon: 'd03' },
  500: { description: 'Light Rain', icon: 'r01' },
  501: { description: 'Moderate Rain', icon: 'r02' },
  502: { description: 'Heavy Rain', icon: 'r03' },
  511: { description: 'Freezing rain', icon: 'f01' },
  520: { description: 'Light shower rain', icon: 'r04' },
  521: { description: 'Shower rain', icon: 'r05' },
  522: { description: 'Heavy shower rain', icon: 'r06' },
  600: { description: 'Light snow', icon: 's01' },
  601: { description: 'Snow', icon: 's02' },
  602: { description: 'Heavy Snow', icon: 's03' },
  610: { description: 'Mix snow/rain', icon: 's04' },
  611: { description: 'Sleet', icon: 's05' },
  612: { description: 'Heavy sleet', icon: 's05' },
  621: { description: 'Snow shower', icon: 's01' },
  622: { description: 'Heavy snow shower', icon: 's02' },
  623: { description: 'Flurries', icon: 's06' },
  700: { description: 'Mist', icon: 'a01' },
  711: { description: 'Smoke', icon: 'a02' },
  721: { description: 'Haze', icon: 'a03' },
  731: { description: 'Sand/dust', icon: 'a04' },
  741: { description: 'Fog', icon: 'a05' },
  751: { description: 'Freezing Fog', icon: 'a06' },
  800: { description: 'Clear sky', icon: 'c01' },
  801: { description: 'Few clouds', icon: 'c02' },
  802: { description: 'Scattered clouds', icon: 'c02' },
  803: { description: 'Broken clouds', icon: 'c03' },
  804: { description: 'Overcast clouds', icon: 'c04' },
  900: { description: 'Unknown Precipitation', icon: 'u00' },
} as const satisfies Record<number, { description: string; icon: string }>;

export type ConditionCode = keyof typeof conditionCodes;

export function iconFor(code: ConditionCode, partOfDay: 'd' | 'n'): string {
  return `${conditionCodes[code].icon}${partOfDay}`;
}

export { isThunderstorm } from '../../shared/weather/formats';
