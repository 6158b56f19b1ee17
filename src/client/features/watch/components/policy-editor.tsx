import { rangeText } from '../../../../shared/api/provider-params';
import type { UnitSystem } from '../../../../shared/weather/units';
import {
  type Preset,
  policyGroups,
  type PolicyField,
  type PolicyValues,
  presetLabels,
  presets,
  shownFieldRange,
} from '../lib/policy-form';
import { WatchField } from './watch-field';

const choiceText = (option: string) => option.charAt(0).toUpperCase() + option.slice(1);

/**
 * A site's policy: a preset to start from, then every threshold with its range beside it and
 * the schema's message under any it refuses. A blank threshold is off. Values are in `units`
 * (the form's values were made in them).
 */
export function PolicyEditor({
  values,
  units,
  preset,
  errors,
  onPreset,
  onChange,
}: {
  values: PolicyValues;
  units: UnitSystem;
  preset: Preset;
  errors: Record<string, string>;
  onPreset: (preset: Preset) => void;
  onChange: (path: string, value: string) => void;
}) {
  return (
    <div className="policy-editor">
      <WatchField
        label="Preset"
        hint="A preset fills every field; changing a field makes the policy custom."
      >
        {(field) => (
          <select
            {...field}
            value={preset}
            onChange={(event) => onPreset(event.target.value as Preset)}
          >
            {presets.map((name) => (
              <option key={name} value={name}>
                {presetLabels[name]}
              </option>
            ))}
          </select>
        )}
      </WatchField>
      {policyGroups.map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          {group.fields.map((field) => (
            <PolicyInput
              key={field.path}
              field={field}
              units={units}
              value={values[field.path] ?? ''}
              error={errors[field.path]}
              onChange={(value) => onChange(field.path, value)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function PolicyInput({
  field,
  units,
  value,
  error,
  onChange,
}: {
  field: PolicyField;
  units: UnitSystem;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const range = field.kind === 'number' ? shownFieldRange(field, units) : undefined;
  const hint =
    field.kind === 'number'
      ? `${rangeText(shownFieldRange(field, units))}${field.required ? '' : '; blank for off'}`
      : field.hint;
  // The unit in the label too: the number alone in a field does not say which it is in.
  const label =
    range?.unit && range.unit !== 'minutes' ? `${field.label} (${range.unit})` : field.label;
  return (
    <WatchField label={label} hint={hint} error={error}>
      {(props) =>
        field.kind === 'number' ? (
          <input
            {...props}
            inputMode="decimal"
            value={value}
            data-path={field.path}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <select
            {...props}
            value={value}
            data-path={field.path}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Off</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {choiceText(option)}
              </option>
            ))}
          </select>
        )
      }
    </WatchField>
  );
}
