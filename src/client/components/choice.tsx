import './choice.css';

/** A labelled select: one control for every small choice in the dashboard. */
export function Choice<T extends string | number>(props: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: string) => void;
  /** Hides the label visually where the context already says it. */
  hideLabel?: boolean;
}) {
  return (
    <label className="choice">
      <span className={props.hideLabel ? 'visually-hidden' : undefined}>{props.label}</span>
      <select
        aria-label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
