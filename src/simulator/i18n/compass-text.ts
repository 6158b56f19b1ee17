import { compassPoints, compassSector } from '../../shared/geo/compass';
import type { Language } from '../../shared/weather/units';
import { englishFallbackLanguages } from './condition-text';

/**
 * One name per 16-point sector, clockwise from north. A tuple rather than string[] so that a
 * short table is a compile error instead of a silently rotated rose.
 */
// prettier-ignore
type Rose = readonly [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string];

/**
 * Languages whose `wind_cdir` is the international (English) letters. Besides the languages
 * without condition texts (same policy: no guessing), Polish forecasts themselves use
 * N/NE/E/…, and Arabic has no settled letter abbreviation (reports spell the direction out).
 */
export const compassAbbreviationFallbackLanguages: readonly Language[] = [
  ...englishFallbackLanguages,
  'ar',
  'pl',
];

/**
 * Languages whose `wind_cdir_full` is English. Greek and Polish forecasts name the eight main
 * directions, but competing forms exist for the sixteen-point ones (north-northeast and the
 * like) and we cannot vouch for one, so they stay English alongside the languages without
 * condition texts.
 */
export const compassFullNameFallbackLanguages: readonly Language[] = [
  ...englishFallbackLanguages,
  'el',
  'pl',
];

// French, Spanish, Italian, Portuguese and Catalan all write west as O (ouest/oeste/ovest/oest).
// prettier-ignore
const westAsO: Rose = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSO', 'SO', 'OSO', 'O', 'ONO', 'NO', 'NNO'];
// prettier-ignore
const czechSlovak: Rose = ['S', 'SSV', 'SV', 'VSV', 'V', 'VJV', 'JV', 'JJV', 'J', 'JJZ', 'JZ', 'ZJZ', 'Z', 'ZSZ', 'SZ', 'SSZ'];
// prettier-ignore
const croatianSerbian: Rose = ['S', 'SSI', 'SI', 'ISI', 'I', 'IJI', 'JI', 'JJI', 'J', 'JJZ', 'JZ', 'ZJZ', 'Z', 'ZSZ', 'SZ', 'SSZ'];
// Chinese has no letter abbreviations and its names are already as short as one, so both
// fields use them. Mainland usage writes NNE as 北东北, Taiwan as 北北東 (the English order).
// prettier-ignore
const simplifiedChinese: Rose = ['北', '北东北', '东北', '东东北', '东', '东东南', '东南', '南东南', '南', '南西南', '西南', '西西南', '西', '西西北', '西北', '北西北'];
// prettier-ignore
const traditionalChinese: Rose = ['北', '北北東', '東北', '東北東', '東', '東南東', '東南', '南南東', '南', '南南西', '西南', '西南西', '西', '西北西', '西北', '北北西'];

// prettier-ignore
const abbreviations: Partial<Record<Language, Rose>> = {
  bg: ['С', 'ССИ', 'СИ', 'ИСИ', 'И', 'ИЮИ', 'ЮИ', 'ЮЮИ', 'Ю', 'ЮЮЗ', 'ЮЗ', 'ЗЮЗ', 'З', 'ЗСЗ', 'СЗ', 'ССЗ'],
  ca: westAsO,
  cs: czechSlovak,
  de: ['N', 'NNO', 'NO', 'ONO', 'O', 'OSO', 'SO', 'SSO', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'],
  el: ['Β', 'ΒΒΑ', 'ΒΑ', 'ΑΒΑ', 'Α', 'ΑΝΑ', 'ΝΑ', 'ΝΝΑ', 'Ν', 'ΝΝΔ', 'ΝΔ', 'ΔΝΔ', 'Δ', 'ΔΒΔ', 'ΒΔ', 'ΒΒΔ'],
  es: westAsO,
  fi: ['P', 'PKO', 'KO', 'IKO', 'I', 'IKA', 'KA', 'EKA', 'E', 'ELO', 'LO', 'LLO', 'L', 'LLU', 'LU', 'PLU'],
  fr: westAsO,
  hr: croatianSerbian,
  hu: ['É', 'ÉÉK', 'ÉK', 'KÉK', 'K', 'KDK', 'DK', 'DDK', 'D', 'DDNy', 'DNy', 'NyDNy', 'Ny', 'NyÉNy', 'ÉNy', 'ÉÉNy'],
  id: ['U', 'UTL', 'TL', 'TTL', 'T', 'TTG', 'TG', 'STG', 'S', 'SBD', 'BD', 'BBD', 'B', 'BBL', 'BL', 'UBL'],
  it: westAsO,
  nb: ['N', 'NNØ', 'NØ', 'ØNØ', 'Ø', 'ØSØ', 'SØ', 'SSØ', 'S', 'SSV', 'SV', 'VSV', 'V', 'VNV', 'NV', 'NNV'],
  nl: ['N', 'NNO', 'NO', 'ONO', 'O', 'OZO', 'ZO', 'ZZO', 'Z', 'ZZW', 'ZW', 'WZW', 'W', 'WNW', 'NW', 'NNW'],
  pt: westAsO,
  ro: ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSV', 'SV', 'VSV', 'V', 'VNV', 'NV', 'NNV'],
  ru: ['С', 'ССВ', 'СВ', 'ВСВ', 'В', 'ВЮВ', 'ЮВ', 'ЮЮВ', 'Ю', 'ЮЮЗ', 'ЮЗ', 'ЗЮЗ', 'З', 'ЗСЗ', 'СЗ', 'ССЗ'],
  sk: czechSlovak,
  sr: croatianSerbian,
  sv: ['N', 'NNO', 'NO', 'ONO', 'O', 'OSO', 'SO', 'SSO', 'S', 'SSV', 'SV', 'VSV', 'V', 'VNV', 'NV', 'NNV'],
  tr: ['K', 'KKD', 'KD', 'DKD', 'D', 'DGD', 'GD', 'GGD', 'G', 'GGB', 'GB', 'BGB', 'B', 'BKB', 'KB', 'KKB'],
  uk: ['Пн', 'ПнПнСх', 'ПнСх', 'СхПнСх', 'Сх', 'СхПдСх', 'ПдСх', 'ПдПдСх', 'Пд', 'ПдПдЗх', 'ПдЗх', 'ЗхПдЗх', 'Зх', 'ЗхПнЗх', 'ПнЗх', 'ПнПнЗх'],
  zh: simplifiedChinese,
  'zh-tw': traditionalChinese,
};

// prettier-ignore
const englishFullNames: Rose = ['north', 'north-northeast', 'northeast', 'east-northeast', 'east', 'east-southeast', 'southeast', 'south-southeast', 'south', 'south-southwest', 'southwest', 'west-southwest', 'west', 'west-northwest', 'northwest', 'north-northwest'];

// Lower case like the English wording, except German (nouns are capitalised). Compounds follow
// each language's spelling: solid in Dutch, Scandinavian, Finnish, Czech and Slovak; hyphenated
// elsewhere.
// prettier-ignore
const fullNames: Partial<Record<Language, Rose>> = {
  ar: ['شمال', 'شمال شمال شرق', 'شمال شرق', 'شرق شمال شرق', 'شرق', 'شرق جنوب شرق', 'جنوب شرق', 'جنوب جنوب شرق', 'جنوب', 'جنوب جنوب غرب', 'جنوب غرب', 'غرب جنوب غرب', 'غرب', 'غرب شمال غرب', 'شمال غرب', 'شمال شمال غرب'],
  bg: ['север', 'север-североизток', 'североизток', 'изток-североизток', 'изток', 'изток-югоизток', 'югоизток', 'юг-югоизток', 'юг', 'юг-югозапад', 'югозапад', 'запад-югозапад', 'запад', 'запад-северозапад', 'северозапад', 'север-северозапад'],
  ca: ['nord', 'nord-nord-est', 'nord-est', 'est-nord-est', 'est', 'est-sud-est', 'sud-est', 'sud-sud-est', 'sud', 'sud-sud-oest', 'sud-oest', 'oest-sud-oest', 'oest', 'oest-nord-oest', 'nord-oest', 'nord-nord-oest'],
  cs: ['sever', 'severoseverovýchod', 'severovýchod', 'východoseverovýchod', 'východ', 'východojihovýchod', 'jihovýchod', 'jihojihovýchod', 'jih', 'jihojihozápad', 'jihozápad', 'západojihozápad', 'západ', 'západoseverozápad', 'severozápad', 'severoseverozápad'],
  de: ['Nord', 'Nord-Nordost', 'Nordost', 'Ost-Nordost', 'Ost', 'Ost-Südost', 'Südost', 'Süd-Südost', 'Süd', 'Süd-Südwest', 'Südwest', 'West-Südwest', 'West', 'West-Nordwest', 'Nordwest', 'Nord-Nordwest'],
  es: ['norte', 'nornoreste', 'noreste', 'estenoreste', 'este', 'estesureste', 'sureste', 'sursureste', 'sur', 'sursuroeste', 'suroeste', 'oestesuroeste', 'oeste', 'oestenoroeste', 'noroeste', 'nornoroeste'],
  fi: ['pohjoinen', 'pohjoiskoillinen', 'koillinen', 'itäkoillinen', 'itä', 'itäkaakko', 'kaakko', 'eteläkaakko', 'etelä', 'etelälounas', 'lounas', 'länsilounas', 'länsi', 'länsiluode', 'luode', 'pohjoisluode'],
  fr: ['nord', 'nord-nord-est', 'nord-est', 'est-nord-est', 'est', 'est-sud-est', 'sud-est', 'sud-sud-est', 'sud', 'sud-sud-ouest', 'sud-ouest', 'ouest-sud-ouest', 'ouest', 'ouest-nord-ouest', 'nord-ouest', 'nord-nord-ouest'],
  hr: ['sjever', 'sjever-sjeveroistok', 'sjeveroistok', 'istok-sjeveroistok', 'istok', 'istok-jugoistok', 'jugoistok', 'jug-jugoistok', 'jug', 'jug-jugozapad', 'jugozapad', 'zapad-jugozapad', 'zapad', 'zapad-sjeverozapad', 'sjeverozapad', 'sjever-sjeverozapad'],
  hu: ['észak', 'észak-északkelet', 'északkelet', 'kelet-északkelet', 'kelet', 'kelet-délkelet', 'délkelet', 'dél-délkelet', 'dél', 'dél-délnyugat', 'délnyugat', 'nyugat-délnyugat', 'nyugat', 'nyugat-északnyugat', 'északnyugat', 'észak-északnyugat'],
  id: ['utara', 'utara-timur laut', 'timur laut', 'timur-timur laut', 'timur', 'timur-tenggara', 'tenggara', 'selatan-tenggara', 'selatan', 'selatan-barat daya', 'barat daya', 'barat-barat daya', 'barat', 'barat-barat laut', 'barat laut', 'utara-barat laut'],
  it: ['nord', 'nord-nord-est', 'nord-est', 'est-nord-est', 'est', 'est-sud-est', 'sud-est', 'sud-sud-est', 'sud', 'sud-sud-ovest', 'sud-ovest', 'ovest-sud-ovest', 'ovest', 'ovest-nord-ovest', 'nord-ovest', 'nord-nord-ovest'],
  nb: ['nord', 'nordnordøst', 'nordøst', 'østnordøst', 'øst', 'østsørøst', 'sørøst', 'sørsørøst', 'sør', 'sørsørvest', 'sørvest', 'vestsørvest', 'vest', 'vestnordvest', 'nordvest', 'nordnordvest'],
  nl: ['noord', 'noordnoordoost', 'noordoost', 'oostnoordoost', 'oost', 'oostzuidoost', 'zuidoost', 'zuidzuidoost', 'zuid', 'zuidzuidwest', 'zuidwest', 'westzuidwest', 'west', 'westnoordwest', 'noordwest', 'noordnoordwest'],
  pt: ['norte', 'nor-nordeste', 'nordeste', 'lés-nordeste', 'leste', 'lés-sudeste', 'sudeste', 'su-sudeste', 'sul', 'su-sudoeste', 'sudoeste', 'oés-sudoeste', 'oeste', 'oés-noroeste', 'noroeste', 'nor-noroeste'],
  ro: ['nord', 'nord-nord-est', 'nord-est', 'est-nord-est', 'est', 'est-sud-est', 'sud-est', 'sud-sud-est', 'sud', 'sud-sud-vest', 'sud-vest', 'vest-sud-vest', 'vest', 'vest-nord-vest', 'nord-vest', 'nord-nord-vest'],
  ru: ['север', 'северо-северо-восток', 'северо-восток', 'восток-северо-восток', 'восток', 'восток-юго-восток', 'юго-восток', 'юго-юго-восток', 'юг', 'юго-юго-запад', 'юго-запад', 'запад-юго-запад', 'запад', 'запад-северо-запад', 'северо-запад', 'северо-северо-запад'],
  sk: ['sever', 'severoseverovýchod', 'severovýchod', 'východoseverovýchod', 'východ', 'východojuhovýchod', 'juhovýchod', 'juhojuhovýchod', 'juh', 'juhojuhozápad', 'juhozápad', 'západojuhozápad', 'západ', 'západoseverozápad', 'severozápad', 'severoseverozápad'],
  sr: ['sever', 'sever-severoistok', 'severoistok', 'istok-severoistok', 'istok', 'istok-jugoistok', 'jugoistok', 'jug-jugoistok', 'jug', 'jug-jugozapad', 'jugozapad', 'zapad-jugozapad', 'zapad', 'zapad-severozapad', 'severozapad', 'sever-severozapad'],
  sv: ['nord', 'nordnordost', 'nordost', 'ostnordost', 'ost', 'ostsydost', 'sydost', 'sydsydost', 'syd', 'sydsydväst', 'sydväst', 'västsydväst', 'väst', 'västnordväst', 'nordväst', 'nordnordväst'],
  tr: ['kuzey', 'kuzey-kuzeydoğu', 'kuzeydoğu', 'doğu-kuzeydoğu', 'doğu', 'doğu-güneydoğu', 'güneydoğu', 'güney-güneydoğu', 'güney', 'güney-güneybatı', 'güneybatı', 'batı-güneybatı', 'batı', 'batı-kuzeybatı', 'kuzeybatı', 'kuzey-kuzeybatı'],
  uk: ['північ', 'північ-північний схід', 'північний схід', 'схід-північний схід', 'схід', 'схід-південний схід', 'південний схід', 'південь-південний схід', 'південь', 'південь-південний захід', 'південний захід', 'захід-південний захід', 'захід', 'захід-північний захід', 'північний захід', 'північ-північний захід'],
  zh: simplifiedChinese,
  'zh-tw': traditionalChinese,
};

/** The provider's `wind_cdir`: the 16-point abbreviation of a bearing in the requested `lang`. */
export function compassAbbreviation(bearingDegrees: number, lang: Language): string {
  return (abbreviations[lang] ?? compassPoints)[compassSector(bearingDegrees)] as string;
}

/** The provider's `wind_cdir_full`: the 16-point name of a bearing in the requested `lang`. */
export function compassFullName(bearingDegrees: number, lang: Language): string {
  return (fullNames[lang] ?? englishFullNames)[compassSector(bearingDegrees)] as string;
}
