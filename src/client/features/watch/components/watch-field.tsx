import { type ReactNode, useId } from 'react';
import '../../../components/watch-form.css';

/** What a field's control needs to be named, described and marked by its field. */
export interface FieldProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its rule and its error beneath: the label alone names it, the rule
 * and the error describe it, so a screen reader hears each once.
 */
export function WatchField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="watch-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <span className="watch-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** A refusal, in the BFF's own words, announced when it appears. */
export function FormError({ error }: { error: Error | null }) {
  return error ? (
    <p className="field-error" role="alert">
      {error.message}
    </p>
  ) : null;
}
