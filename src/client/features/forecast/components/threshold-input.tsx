import { useId, useState } from 'react';
import type { UnitSystem } from '../../../../shared/weather/units';
import { thresholdUnit } from '../../../app/view-state';

/**
 * The degree-day threshold, typed in the chosen units and applied on Enter or when focus
 * leaves, so a half-typed number never becomes a request. Out-of-range input is explained.
 */
export function ThresholdInput({
  value,
  units,
  onChange,
}: {
  value: number;
  units: UnitSystem;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const unit = thresholdUnit(units);
  const [min, max] = unit === '°F' ? [-148, 212] : [-100, 100];
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const text = draft ?? String(value);
  const number = Number(text);
  const error =
    text.trim() === '' || !Number.isFinite(number)
      ? 'Enter a number'
      : number < min || number > max
        ? `Between ${min} and ${max} ${unit}`
        : undefined;
  const commit = () => {
    if (draft === undefined) return;
    if (!error && number !== value) onChange(number);
    if (!error) setDraft(undefined);
  };
  return (
    <label className="threshold-input" htmlFor={id}>
      Degree-day base ({unit})
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.5"
        min={min}
        max={max}
        value={text}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(undefined);
        }}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
