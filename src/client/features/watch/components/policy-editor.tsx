import { useId } from 'react';
import { rangeText } from '../../../../shared/api/provider-params';
import {
  type Preset,
  policyGroups,
  type PolicyField,
  type PolicyValues,
  presetLabels,
  presets,
} from '../lib/policy-form';

const choiceText = (option: string) => option.charAt(0).toUpperCase() + option.slice(1);

/**
 * A site's policy: a preset to start from, then every threshold with its range beside it and
 * the schema's message under any it refuses. A blank threshold is off.
 */
export function PolicyEditor({
  values,
  preset,
  errors,
  onPreset,
  onChange,
}: {
  values: PolicyValues;
  preset: Preset;
  errors: Record<string, string>;
  onPreset: (preset: Preset) => void;
  onChange: (path: string, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="policy-editor">
      <label className="watch-field">
        Preset
        <select value={preset} onChange={(event) => onPreset(event.target.value as Preset)}>
          {presets.map((name) => (
            <option key={name} value={name}>
              {presetLabels[name]}
            </option>
          ))}
        </select>
        <span className="watch-field__hint">
          A preset fills every field; changing a field makes the policy custom.
        </span>
      </label>
      {policyGroups.map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          {group.fields.map((field) => (
            <PolicyInput
              key={field.path}
              id={`${id}-${field.path}`}
              field={field}
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
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: PolicyField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  return (
    <label className="watch-field">
      {field.label}
      {field.kind === 'number' ? (
        <input
          inputMode="decimal"
          value={value}
          data-path={field.path}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <select
          value={value}
          data-path={field.path}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Off</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {choiceText(option)}
            </option>
          ))}
        </select>
      )}
      <span className="watch-field__hint" id={hintId}>
        {field.kind === 'number'
          ? `${rangeText(field.range)}${field.required ? '' : '; blank for off'}`
          : field.hint}
      </span>
      {error && (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      )}
    </label>
  );
}
