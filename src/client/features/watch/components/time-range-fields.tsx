import { WatchField } from './watch-field';

/**
 * The two ends of a time filter, as the event log and the audit record take them: minutes in
 * UTC, either end left empty for an open range.
 */
export function TimeRangeFields({
  since,
  until,
  onSince,
  onUntil,
}: {
  since: string;
  until: string;
  onSince: (value: string) => void;
  onUntil: (value: string) => void;
}) {
  return (
    <>
      <WatchField label="Since (UTC)">
        {(field) => (
          <input
            {...field}
            type="datetime-local"
            value={since}
            onChange={(event) => onSince(event.target.value)}
          />
        )}
      </WatchField>
      <WatchField label="Until (UTC)">
        {(field) => (
          <input
            {...field}
            type="datetime-local"
            value={until}
            onChange={(event) => onUntil(event.target.value)}
          />
        )}
      </WatchField>
    </>
  );
}
