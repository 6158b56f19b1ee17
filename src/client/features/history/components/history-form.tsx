import { useId } from 'react';
import { lightningHistoryStart } from '../../../../shared/api/provider-params';
import { timeBasisKey } from '../../../lib/url-state/display-keys';
import { setUrlValue, updateLink } from '../../../lib/url-state/link';
import {
  type HistoryDataset,
  historyDatasets,
  type HistoryLocation,
  type HistoryQuery,
  setHistoryQuery,
} from '../url-state';
import { Choice } from '../../../components/choice';
import type { HistoryProblem } from '../lib/history-plan';
import './history-form.css';

const datasetNames: Record<HistoryDataset, string> = {
  hourly: 'Hourly weather',
  daily: 'Daily weather',
  airquality: 'Air quality (hourly)',
  lightning: 'Lightning (one day)',
};

const methodNames: Record<HistoryLocation['method'], string> = {
  point: 'The map’s point',
  city: 'City and country',
  postal: 'Postal code and country',
  station: 'Station',
};

const blankLocation: Record<HistoryLocation['method'], HistoryLocation> = {
  point: { method: 'point' },
  city: { method: 'city', city: '', country: '' },
  postal: { method: 'postal', postalCode: '', country: '' },
  station: { method: 'station', station: '' },
};

/** The query, field by field, written to the URL as it is typed (history entries replaced). */
export function HistoryForm({
  query,
  point,
  problems,
  today,
  tz,
}: {
  query: HistoryQuery;
  /** The dashboard's time basis, which history asks in. */
  tz: 'local' | 'utc';
  point: { lat: number; lon: number };
  problems: readonly HistoryProblem[];
  today: string;
}) {
  const id = useId();
  const set = (change: Partial<HistoryQuery>) => updateLink((set) => setHistoryQuery(set, change));
  const setLocation = (location: HistoryLocation) => set({ location });
  const problemFor = (field: HistoryProblem['field']) =>
    problems.find((problem) => problem.field === field)?.message;
  const location = query.location;
  const lightning = query.dataset === 'lightning';

  return (
    <form
      className="history-form form-controls"
      aria-label="History query"
      onSubmit={(event) => event.preventDefault()}
    >
      <Choice
        label="Data set"
        value={query.dataset}
        options={historyDatasets.map((dataset) => [dataset, datasetNames[dataset]])}
        onChange={(value) =>
          set({ dataset: historyDatasets.find((dataset) => dataset === value) ?? 'hourly' })
        }
      />
      <Choice
        label="Location"
        value={location.method}
        options={(lightning
          ? (['point'] as const)
          : (['point', 'city', 'postal', 'station'] as const)
        ).map((method) => [method, methodNames[method]])}
        onChange={(value) =>
          setLocation(blankLocation[value as HistoryLocation['method']] ?? blankLocation.point)
        }
      />
      {location.method === 'point' && (
        <p className="history-form__note">
          {point.lat.toFixed(4)}, {point.lon.toFixed(4)} (click the map to move it)
        </p>
      )}
      {location.method === 'city' && (
        <NameAndCountry
          label="City"
          name={location.city}
          country={location.country}
          onChange={(city, country) => setLocation({ ...location, city, country })}
        />
      )}
      {location.method === 'postal' && (
        <NameAndCountry
          label="Postal code"
          name={location.postalCode}
          country={location.country}
          onChange={(postalCode, country) => setLocation({ ...location, postalCode, country })}
        />
      )}
      {location.method === 'station' && (
        <TextField
          label="Station"
          value={location.station}
          onChange={(station) => setLocation({ ...location, station })}
        />
      )}
      <FieldError id={`${id}-location`} message={problemFor('location')} />

      {lightning ? (
        <DateField
          label="Day"
          value={query.date}
          min={lightningHistoryStart}
          max={today}
          error={problemFor('date')}
          onChange={(date) => set({ date })}
        />
      ) : (
        <div className="history-form__row">
          <DateField
            label="From"
            value={query.startDate}
            max={today}
            error={problemFor('start_date')}
            onChange={(startDate) => set({ startDate })}
          />
          <DateField
            label="To (not included)"
            value={query.endDate}
            error={problemFor('end_date')}
            onChange={(endDate) => set({ endDate })}
          />
        </div>
      )}
      {query.dataset !== 'daily' && (
        <Choice
          label="Days and hours in"
          value={tz}
          options={[
            ['local', 'Local time'],
            ['utc', 'UTC'],
          ]}
          onChange={(value) => setUrlValue(timeBasisKey, value === 'utc' ? 'utc' : 'local')}
        />
      )}
    </form>
  );
}

/** A city or postal code with its country: history needs both (the interface's rule). */
function NameAndCountry(props: {
  label: string;
  name: string;
  country: string;
  onChange: (name: string, country: string) => void;
}) {
  return (
    <div className="history-form__row">
      <TextField
        label={props.label}
        value={props.name}
        onChange={(name) => props.onChange(name, props.country)}
      />
      <TextField
        label="Country"
        value={props.country}
        width="3.5rem"
        onChange={(country) => props.onChange(props.name, country)}
      />
    </div>
  );
}

function TextField(props: {
  label: string;
  value: string;
  width?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="history-form__field">
      {props.label}
      <input
        type="text"
        value={props.value}
        maxLength={100}
        style={props.width ? { width: props.width } : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * A date, as the interface takes it: `YYYY-MM-DD`, or `YYYY-MM-DD:HH` from a link. The hour of
 * such a link is kept when the day is changed, and said beside the field.
 */
function DateField(props: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  error: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const hour = props.value?.slice(10) ?? '';
  // The error sits outside the label, so the field's name stays its label alone.
  return (
    <div className="history-form__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="date"
        value={props.value?.slice(0, 10) ?? ''}
        min={props.min}
        max={props.max}
        aria-invalid={props.error !== undefined}
        aria-describedby={
          [props.error && `${id}-error`, hour && `${id}-hour`].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) =>
          props.onChange(event.target.value ? `${event.target.value}${hour}` : undefined)
        }
      />
      {hour && (
        <span id={`${id}-hour`} className="history-form__note">
          from {hour.slice(1)}:00
        </span>
      )}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}
