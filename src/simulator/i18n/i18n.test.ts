import { describe, expect, it } from 'vitest';
import { compassPoints } from '../../shared/geo/compass';
import { type ConditionCode, conditionCodes } from '../world/condition-codes';
import { type Language, languages } from '../../shared/weather/units';
import {
  compassAbbreviation,
  compassAbbreviationFallbackLanguages,
  compassFullName,
  compassFullNameFallbackLanguages,
} from './compass-text';
import { conditionText, englishFallbackLanguages } from './condition-text';

const codes = Object.keys(conditionCodes).map(Number) as ConditionCode[];
const sectorBearings = Array.from({ length: 16 }, (_, sector) => sector * 22.5);
const englishFullNames = [
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
];

const translatedLanguages = languages.filter(
  (lang) => lang !== 'en' && !englishFallbackLanguages.includes(lang),
);
const ownAbbreviations = languages.filter(
  (lang) => lang !== 'en' && !compassAbbreviationFallbackLanguages.includes(lang),
);
const ownFullNames = languages.filter(
  (lang) => lang !== 'en' && !compassFullNameFallbackLanguages.includes(lang),
);

/** Known-correct wording, a few per translated language. */
const conditionSpotChecks: Partial<
  Record<Language, ReadonlyArray<readonly [ConditionCode, string]>>
> = {
  ar: [
    [200, 'عاصفة رعدية مع مطر خفيف'],
    [500, 'مطر خفيف'],
    [800, 'سماء صافية'],
  ],
  bg: [
    [611, 'Суграшица'],
    [741, 'Мъгла'],
    [800, 'Ясно'],
  ],
  ca: [
    [611, 'Aiguaneu'],
    [741, 'Boira'],
    [800, 'Cel serè'],
  ],
  cs: [
    [201, 'Bouřka s deštěm'],
    [741, 'Mlha'],
    [804, 'Zataženo'],
  ],
  de: [
    [200, 'Gewitter mit leichtem Regen'],
    [611, 'Schneeregen'],
    [804, 'Bedeckt'],
  ],
  el: [
    [201, 'Καταιγίδα με βροχή'],
    [611, 'Χιονόνερο'],
    [741, 'Ομίχλη'],
  ],
  es: [
    [233, 'Tormenta con granizo'],
    [611, 'Aguanieve'],
    [800, 'Cielo despejado'],
  ],
  fi: [
    [611, 'Räntäsadetta'],
    [741, 'Sumua'],
    [800, 'Selkeää'],
  ],
  fr: [
    [511, 'Pluie verglaçante'],
    [751, 'Brouillard givrant'],
    [800, 'Ciel dégagé'],
  ],
  hr: [
    [611, 'Susnježica'],
    [741, 'Magla'],
    [800, 'Vedro'],
  ],
  hu: [
    [511, 'Ónos eső'],
    [623, 'Hószállingózás'],
    [741, 'Köd'],
  ],
  id: [
    [500, 'Hujan ringan'],
    [741, 'Kabut'],
    [800, 'Cerah'],
  ],
  it: [
    [201, 'Temporale con pioggia'],
    [741, 'Nebbia'],
    [800, 'Cielo sereno'],
  ],
  nb: [
    [611, 'Sludd'],
    [741, 'Tåke'],
    [804, 'Overskyet'],
  ],
  nl: [
    [301, 'Motregen'],
    [741, 'Mist'],
    [804, 'Geheel bewolkt'],
  ],
  pl: [
    [233, 'Burza z gradem'],
    [741, 'Mgła'],
    [800, 'Bezchmurnie'],
  ],
  pt: [
    [233, 'Trovoada com granizo'],
    [741, 'Nevoeiro'],
    [800, 'Céu limpo'],
  ],
  ro: [
    [611, 'Lapoviță'],
    [741, 'Ceață'],
    [800, 'Cer senin'],
  ],
  ru: [
    [611, 'Мокрый снег'],
    [741, 'Туман'],
    [804, 'Пасмурно'],
  ],
  sk: [
    [201, 'Búrka s dažďom'],
    [741, 'Hmla'],
    [804, 'Zamračené'],
  ],
  sr: [
    [601, 'Sneg'],
    [611, 'Susnežica'],
    [741, 'Magla'],
  ],
  sv: [
    [201, 'Åska med regn'],
    [741, 'Dimma'],
    [804, 'Mulet'],
  ],
  tr: [
    [601, 'Kar'],
    [741, 'Sis'],
    [804, 'Kapalı'],
  ],
  uk: [
    [611, 'Мокрий сніг'],
    [741, 'Туман'],
    [800, 'Ясно'],
  ],
  zh: [
    [500, '小雨'],
    [721, '霾'],
    [804, '阴'],
  ],
  'zh-tw': [
    [500, '小雨'],
    [611, '雨夾雪'],
    [804, '陰'],
  ],
};

/** [bearing, wind_cdir, wind_cdir_full] per language with at least one compass table. */
const compassSpotChecks: Partial<
  Record<Language, ReadonlyArray<readonly [number, string, string]>>
> = {
  ar: [[90, 'E', 'شرق']],
  bg: [[315, 'СЗ', 'северозапад']],
  ca: [[225, 'SO', 'sud-oest']],
  cs: [[45, 'SV', 'severovýchod']],
  de: [
    [22.5, 'NNO', 'Nord-Nordost'],
    [90, 'O', 'Ost'],
  ],
  el: [[45, 'ΒΑ', 'northeast']],
  es: [[315, 'NO', 'noroeste']],
  fi: [[45, 'KO', 'koillinen']],
  fr: [
    [202.5, 'SSO', 'sud-sud-ouest'],
    [270, 'O', 'ouest'],
  ],
  hr: [[45, 'SI', 'sjeveroistok']],
  hu: [[45, 'ÉK', 'északkelet']],
  id: [[135, 'TG', 'tenggara']],
  it: [[247.5, 'OSO', 'ovest-sud-ovest']],
  nb: [[135, 'SØ', 'sørøst']],
  nl: [[135, 'ZO', 'zuidoost']],
  pt: [[270, 'O', 'oeste']],
  ro: [[270, 'V', 'vest']],
  ru: [[45, 'СВ', 'северо-восток']],
  sk: [[225, 'JZ', 'juhozápad']],
  sr: [[45, 'SI', 'severoistok']],
  sv: [[225, 'SV', 'sydväst']],
  tr: [[45, 'KD', 'kuzeydoğu']],
  uk: [[45, 'ПнСх', 'північний схід']],
  zh: [[22.5, '北东北', '北东北']],
  'zh-tw': [[22.5, '北北東', '北北東']],
};

describe('conditionText', () => {
  it.each(languages)('gives every code a distinct, non-empty description in %s', (lang) => {
    const texts = codes.map((code) => conditionText(code, lang));
    for (const text of texts) expect(text.trim()).not.toBe('');
    expect(new Set(texts).size).toBe(codes.length);
  });

  it('answers English from the shared condition table', () => {
    for (const code of codes) {
      expect(conditionText(code, 'en')).toBe(conditionCodes[code].description);
    }
  });

  it.each(englishFallbackLanguages)('falls back to English for %s', (lang) => {
    for (const code of codes) {
      expect(conditionText(code, lang)).toBe(conditionCodes[code].description);
    }
  });

  it('lists only real, non-English languages as fallbacks, once each', () => {
    expect(englishFallbackLanguages).not.toContain('en');
    expect(new Set(englishFallbackLanguages).size).toBe(englishFallbackLanguages.length);
    for (const lang of englishFallbackLanguages) expect(languages).toContain(lang);
  });

  it.each(translatedLanguages)('translates %s rather than echoing English', (lang) => {
    const untranslated = codes.filter(
      (code) => conditionText(code, lang) === conditionCodes[code].description,
    );
    expect(untranslated.length).toBeLessThanOrEqual(codes.length * 0.1);
  });

  it.each(translatedLanguages)('uses known %s wording', (lang) => {
    const checks = conditionSpotChecks[lang] ?? [];
    expect(checks.length).toBeGreaterThan(0);
    for (const [code, text] of checks) expect(conditionText(code, lang)).toBe(text);
  });
});

describe('compassAbbreviation and compassFullName', () => {
  it.each(languages)('name all sixteen sectors distinctly in %s', (lang) => {
    const abbreviations = sectorBearings.map((bearing) => compassAbbreviation(bearing, lang));
    const fullNames = sectorBearings.map((bearing) => compassFullName(bearing, lang));
    for (const name of [...abbreviations, ...fullNames]) expect(name.trim()).not.toBe('');
    expect(new Set(abbreviations).size).toBe(16);
    expect(new Set(fullNames).size).toBe(16);
  });

  it.each([
    [0, 'N', 'north'],
    [11.24, 'N', 'north'],
    [11.26, 'NNE', 'north-northeast'],
    [22.5, 'NNE', 'north-northeast'],
    [90, 'E', 'east'],
    [180, 'S', 'south'],
    [247.5, 'WSW', 'west-southwest'],
    [270, 'W', 'west'],
    [-90, 'W', 'west'],
    [359, 'N', 'north'],
    [360, 'N', 'north'],
    [765, 'NE', 'northeast'],
  ] as const)('maps %s° to %s / %s in English', (bearing, abbreviation, fullName) => {
    expect(compassAbbreviation(bearing, 'en')).toBe(abbreviation);
    expect(compassFullName(bearing, 'en')).toBe(fullName);
  });

  it('answers English with the shared compass points and lower-case hyphenated names', () => {
    sectorBearings.forEach((bearing, sector) => {
      expect(compassAbbreviation(bearing, 'en')).toBe(compassPoints[sector]);
      expect(compassFullName(bearing, 'en')).toBe(englishFullNames[sector]);
    });
  });

  it.each(compassAbbreviationFallbackLanguages)('abbreviates in English for %s', (lang) => {
    for (const bearing of sectorBearings) {
      expect(compassAbbreviation(bearing, lang)).toBe(compassAbbreviation(bearing, 'en'));
    }
  });

  it.each(compassFullNameFallbackLanguages)('names directions in English for %s', (lang) => {
    for (const bearing of sectorBearings) {
      expect(compassFullName(bearing, lang)).toBe(compassFullName(bearing, 'en'));
    }
  });

  it('falls back wherever condition texts do', () => {
    for (const lang of englishFallbackLanguages) {
      expect(compassAbbreviationFallbackLanguages).toContain(lang);
      expect(compassFullNameFallbackLanguages).toContain(lang);
    }
  });

  it.each(ownAbbreviations)('has its own letters for %s', (lang) => {
    // Romance languages share N/NNE/…/S with English, so only some sectors must differ.
    const own = sectorBearings.filter(
      (bearing) => compassAbbreviation(bearing, lang) !== compassAbbreviation(bearing, 'en'),
    );
    expect(own.length).toBeGreaterThanOrEqual(7);
  });

  it.each(ownFullNames)('has its own names for %s', (lang) => {
    const own = sectorBearings.filter(
      (bearing) => compassFullName(bearing, lang) !== compassFullName(bearing, 'en'),
    );
    expect(own.length).toBeGreaterThanOrEqual(12);
  });

  it.each(
    languages.filter((lang) => ownAbbreviations.includes(lang) || ownFullNames.includes(lang)),
  )('uses known %s directions', (lang) => {
    const checks = compassSpotChecks[lang] ?? [];
    expect(checks.length).toBeGreaterThan(0);
    for (const [bearing, abbreviation, fullName] of checks) {
      expect(compassAbbreviation(bearing, lang)).toBe(abbreviation);
      expect(compassFullName(bearing, lang)).toBe(fullName);
    }
  });
});
