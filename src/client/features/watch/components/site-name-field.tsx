import { siteLimits } from '../../../../shared/api/watch';
import { WatchField } from './watch-field';

/** A site's name, as adding and editing a site both ask for it. */
export function SiteNameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <WatchField label="Name" error={error}>
      {(field) => (
        <input
          {...field}
          value={value}
          maxLength={siteLimits.nameMax}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </WatchField>
  );
}
