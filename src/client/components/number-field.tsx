import { useId, useState } from 'react';

/**
 * A number typed freely and applied on Enter or when focus leaves, so a half-typed or cleared
 * field never becomes a setting (Backspace twice then "16" is 16, never a silent 11). A value
 * outside the range stays in the field with an error naming the range, and is not applied.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  unit,
  integer = false,
  step,
  className,
  onCommit,
}: {
  label: string;
  /** The applied value, in the units shown. */
  value: number;
  min: number;
  max: number;
  unit: string;
  integer?: boolean;
  step?: number;
  className?: string;
  onCommit: (value: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const text = draft ?? String(value);
  const number = Number(text);
  const range = `${min} to ${max} ${unit}`;
  const error =
    text.trim() === '' || !Number.isFinite(number)
      ? `Enter a number from ${range}`
      : number < min || number > max
        ? `Must be from ${range}`
        : integer && !Number.isInteger(number)
          ? `Must be a whole number from ${range}`
          : undefined;
  const commit = () => {
    if (draft === undefined || error) return;
    if (number !== value) onCommit(number);
    setDraft(undefined);
  };
  return (
    <label className={className} htmlFor={id}>
      {label} ({unit})
      <input
        id={id}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        step={step ?? (integer ? 1 : 'any')}
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
