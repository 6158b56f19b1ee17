import {
  defaultCautionKm,
  standardLightningRule,
  ruleBounds,
} from '../../../../shared/safety/lightning-rule';
import { metricFromShown } from '../../../lib/metric-units';
import { distanceUnit, kilometresTo } from '../../../../shared/weather/units';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { updateLink, useUrlValue } from '../../../lib/url-state/link';
import { useLightningRule } from '../hooks/use-lightning-rule';
import { cautionKey, clearKey, ruleLinkView, stopKey } from '../url-state';
import { NumberField } from '../../../components/number-field';
import './control-group.css';

/** Distances are typed to a tenth of the unit shown (metricFromShown keeps kilometres to a metre). */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The site's rule: stop radius, caution radius and all-clear time, in the URL as stop_km,
 * caution_km and clear_min, typed in the chosen units. It starts from the point's baseline (a
 * watched site's policy, or the standard); a value typed goes into the link as the link's own.
 */
export function SafetySettings({ lat, lon }: { lat: number; lon: number }) {
  const { rule } = useLightningRule({ lat, lon });
  const units = useUrlValue(unitsKey);
  const unit = distanceUnit(units);
  const shown = (km: number) => tenth(kilometresTo(units, km));
  // A range in miles is rounded inwards, so every value it allows converts back inside it.
  const distanceBounds = (field: 'stopKm' | 'cautionKm', stopKm?: number) => {
    const bounds = ruleBounds(field, stopKm);
    return {
      min: Math.ceil(kilometresTo(units, bounds.min) * 10) / 10,
      max: Math.floor(kilometresTo(units, bounds.max) * 10) / 10,
    };
  };
  const clear = ruleBounds('clearMinutes');
  return (
    <fieldset className="control-group safety-settings">
      <legend>Safety rule</legend>
      <NumberField
        label="Stop radius"
        unit={unit}
        value={shown(rule.stopKm)}
        {...distanceBounds('stopKm')}
        onCommit={(value) =>
          updateLink((set, read) => {
            // A radius typed as the standard's (or the current one's) reads is kept exact, so
            // "8 mi" is the standard 12.9 km, never a weaker 12.875 km.
            const stopKm = metricFromShown(units, 'km', value, [
              rule.stopKm,
              standardLightningRule.stopKm,
            ]);
            set(stopKey, stopKm);
            // A caution radius the link leaves alone follows the stop radius; one set by hand
            // stays, unless the stop radius now passes it.
            const caution = ruleLinkView(read).cautionKm;
            if (caution !== undefined) set(cautionKey, Math.max(caution, stopKm));
          })
        }
      />
      <NumberField
        label="Caution radius"
        unit={unit}
        value={shown(rule.cautionKm)}
        {...distanceBounds('cautionKm', rule.stopKm)}
        onCommit={(value) =>
          updateLink((set) => {
            // The stop radius in force goes into the link too: the caution radius is read
            // against it, and a link's stop radius may be a watched site's.
            set(stopKey, rule.stopKm);
            set(
              cautionKey,
              Math.max(
                rule.stopKm,
                metricFromShown(units, 'km', value, [
                  rule.cautionKm,
                  defaultCautionKm(rule.stopKm),
                  standardLightningRule.cautionKm,
                ]),
              ),
            );
          })
        }
      />
      <NumberField
        label="All clear after"
        unit="min"
        integer
        value={rule.clearMinutes}
        min={clear.min}
        max={clear.max}
        onCommit={(value) => updateLink((set) => set(clearKey, value))}
      />
    </fieldset>
  );
}
