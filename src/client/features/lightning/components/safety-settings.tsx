import {
  defaultCautionKm,
  defaultLightningRule,
  type LightningRule,
  ruleBounds,
} from '../../../../shared/safety/lightning-rule';
import { metricFromShown } from '../../../../shared/weather/metric-units';
import { distanceUnit, kilometresTo } from '../../../../shared/weather/units';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { updateLink, useLinkView, useUrlValue } from '../../../lib/url-state/link';
import { cautionKey, clearKey, ruleView, stopKey } from '../url-state';
import { NumberField } from '../../../components/number-field';
import './control-group.css';

/** Distances are typed to a tenth of the unit shown; kilometres are kept to a metre. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The site's rule: stop radius, caution radius and all-clear time, in the URL as stop_km,
 * caution_km and clear_min, typed in the chosen units.
 */
export function SafetySettings() {
  const rule = useLinkView(ruleView);
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
  const setRule = (change: (current: LightningRule) => LightningRule) =>
    updateLink((set, read) => {
      const next = change(ruleView(read));
      set(stopKey, next.stopKm);
      set(cautionKey, next.cautionKm);
      set(clearKey, next.clearMinutes);
    });
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
          setRule((current) => {
            // A radius typed as the standard's (or the current one's) reads is kept exact, so
            // "8 mi" is the standard 12.9 km, never a weaker 12.875 km.
            const stopKm = metricFromShown(units, 'km', value, [
              current.stopKm,
              defaultLightningRule.stopKm,
            ]);
            // A caution radius left at its default follows the stop radius; one set by hand
            // stays, unless the stop radius now passes it.
            const cautionKm =
              current.cautionKm === defaultCautionKm(current.stopKm)
                ? defaultCautionKm(stopKm)
                : Math.max(current.cautionKm, stopKm);
            return { ...current, stopKm, cautionKm };
          })
        }
      />
      <NumberField
        label="Caution radius"
        unit={unit}
        value={shown(rule.cautionKm)}
        {...distanceBounds('cautionKm', rule.stopKm)}
        onCommit={(value) =>
          setRule((current) => ({
            ...current,
            cautionKm: Math.max(
              current.stopKm,
              metricFromShown(units, 'km', value, [
                current.cautionKm,
                defaultCautionKm(current.stopKm),
              ]),
            ),
          }))
        }
      />
      <NumberField
        label="All clear after"
        unit="min"
        integer
        value={rule.clearMinutes}
        min={clear.min}
        max={clear.max}
        onCommit={(value) => setRule((current) => ({ ...current, clearMinutes: value }))}
      />
    </fieldset>
  );
}
