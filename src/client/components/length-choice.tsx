import { Choice } from './choice';

/**
 * How far a forecast reaches, in `days` or `hours`: the usual lengths, plus the one the URL asks
 * for when it is none of them, so the select always shows what the chart shows.
 */
export function LengthChoice(props: {
  setting: 'days' | 'hours';
  label: string;
  value: number;
  choices: readonly number[];
  onChange: (length: number) => void;
}) {
  const { setting, value } = props;
  return (
    <Choice
      label={props.label}
      value={value}
      options={[...new Set([...props.choices, value])]
        .sort((a, b) => a - b)
        .map((length) => [length, `${length} ${setting}`])}
      onChange={(next) => props.onChange(Number(next))}
    />
  );
}
