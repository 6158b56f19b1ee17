import { type Language, languages, type UnitSystem } from '../../../../shared/weather/units';
import { langKey, timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { setUrlValue, updateLink, useUrlValue } from '../../../lib/url-state/link';
import { thresholdIn, thresholdKey } from '../../forecast/public';
import { Choice } from '../../../components/choice';
import './display-settings.css';

const unitNames: Record<UnitSystem, string> = {
  M: 'Metric (°C, m/s, mm)',
  I: 'Imperial (°F, mph, in)',
  S: 'Scientific (K, m/s, mm)',
};

/** Names in their own language, so someone who cannot read English still finds theirs. */
const languageNames: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  az: 'Azərbaycan',
  be: 'Беларуская',
  bg: 'Български',
  bs: 'Bosanski',
  ca: 'Català',
  cs: 'Čeština',
  de: 'Deutsch',
  fi: 'Suomi',
  fr: 'Français',
  el: 'Ελληνικά',
  es: 'Español',
  et: 'Eesti',
  hr: 'Hrvatski',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  is: 'Íslenska',
  kw: 'Kernewek',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  ro: 'Română',
  ru: 'Русский',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  sr: 'Српски',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  zh: '中文 (简体)',
  'zh-tw': '中文 (繁體)',
};

/** Units, the provider's language and the time basis: the view settings every panel shares. */
export function DisplaySettings() {
  const units = useUrlValue(unitsKey);
  const lang = useUrlValue(langKey);
  const timeBasis = useUrlValue(timeBasisKey);
  return (
    <div className="display-settings" role="group" aria-label="Display settings">
      <Choice
        label="Units"
        value={units}
        options={(['M', 'I', 'S'] as const).map((units) => [units, unitNames[units]])}
        onChange={(value) =>
          updateLink((set, read) => {
            const next = value === 'I' || value === 'S' ? value : 'M';
            // A degree-day threshold is in the units it was typed in: it moves with them.
            set(thresholdKey, thresholdIn(read(thresholdKey), read(unitsKey), next));
            set(unitsKey, next);
          })
        }
      />
      <Choice
        label="Language"
        value={lang}
        options={languages.map((code) => [code, languageNames[code]])}
        onChange={(value) => setUrlValue(langKey, languages.find((code) => code === value) ?? 'en')}
      />
      <Choice
        label="Times"
        value={timeBasis}
        options={[
          ['local', 'Local to the place'],
          ['utc', 'UTC'],
        ]}
        onChange={(value) => setUrlValue(timeBasisKey, value === 'utc' ? 'utc' : 'local')}
      />
    </div>
  );
}
