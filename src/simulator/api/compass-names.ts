import { compassSector } from '../../shared/geo/compass';

const fullNames = [
  'north',
  'north-northeast',
  'northeast',
  'east-northeast',
  'east',
  'east-southeast',
  'southeast',
  'south-southeast',
  'south',
  'south-southwest',
  'southwest',
  'west-southwest',
  'west',
  'west-northwest',
  'northwest',
  'north-northwest',
] as const;

/** The provider's `wind_cdir_full` wording in English. */
export function fullCompassName(bearingDegrees: number): string {
  return fullNames[compassSector(bearingDegrees)] as string;
}
