import type { UnitSystem } from '../../../../shared/weather/units';
import { NumberField } from '../../../components/number-field';
import { thresholdUnit } from '../url-state';
import './threshold-input.css';

/** The degree-day threshold, typed in the chosen units (the provider takes -100 to 100 °C). */
export function ThresholdInput({
  value,
  units,
  onChange,
}: {
  value: number;
  units: UnitSystem;
  onChange: (value: number) => void;
}) {
  const unit = thresholdUnit(units);
  const [min, max] = unit === '°F' ? [-148, 212] : [-100, 100];
  return (
    <NumberField
      className="threshold-input"
      label="Degree-day base"
      value={value}
      min={min}
      max={max}
      unit={unit}
      step={0.5}
      onCommit={onChange}
    />
  );
}
