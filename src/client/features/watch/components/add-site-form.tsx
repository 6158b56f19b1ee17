import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { createSiteSchema } from '../../../../shared/api/watch';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import {
  policyPresets,
  type PresetName,
  sitePolicySchema,
} from '../../../../shared/safety/site-policy';
import { queryKeys } from '../../../lib/query-keys';
import { serverNow } from '../../../lib/server-clock';
import { updateLink, useLinkView } from '../../../lib/url-state/link';
import { selectionView, setSelection } from '../../map/public';
import { createSite } from '../api/watch-writes';
import { presetLabels } from '../lib/policy-form';
import { type Board, withSite } from '../lib/stream-cache';
import { SiteNameField } from './site-name-field';
import { FormError, WatchField } from './watch-field';

const presetNames = Object.keys(policyPresets) as PresetName[];

/** The schema's first word on each field, by field name. */
function fieldErrors(body: unknown): Record<string, string> {
  const parsed = createSiteSchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * A new site: its place picked on the map (a click, or the arrow keys and Enter), or typed; a
 * name and a policy preset. The BFF refuses a site the daily quota cannot carry, and says why.
 */
export function AddSiteForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const picked = useLinkView(selectionView);
  const [name, setName] = useState('');
  const [lat, setLat] = useState(picked ? roundCoordinate(picked.lat) : '');
  const [lon, setLon] = useState(picked ? roundCoordinate(picked.lon) : '');
  const [lastPick, setLastPick] = useState(picked);
  const [preset, setPreset] = useState<PresetName>('general');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A point picked on the map fills the place; typing changes it until the next pick.
  if (picked !== lastPick) {
    setLastPick(picked);
    if (picked) {
      setLat(roundCoordinate(picked.lat));
      setLon(roundCoordinate(picked.lon));
    }
  }

  const close = () => {
    updateLink((set) => setSelection(set, undefined));
    onClose();
  };
  const add = useMutation({
    mutationFn: createSite,
    onSuccess: (site) => {
      queryClient.setQueryData<Board>(queryKeys.watch.sites(), (board) =>
        withSite(board, site, serverNow()),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.watch.sites() });
      close();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      lat: lat.trim() === '' ? Number.NaN : Number(lat),
      lon: lon.trim() === '' ? Number.NaN : Number(lon),
      policy: sitePolicySchema.parse(policyPresets[preset]),
    };
    const found = fieldErrors(body);
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate(body);
  };
  return (
    <form
      className="watch-form form-controls add-site"
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
      noValidate
      data-testid="add-site-form"
    >
      <h3 id={`${id}-title`} className="add-site__title">
        Add a site
      </h3>
      <p className="watch-form__note" role="status">
        {picked
          ? `Picked ${roundCoordinate(picked.lat)}, ${roundCoordinate(picked.lon)} on the map.`
          : 'Click the map where the site is (or focus the map, move with the arrow keys and press Enter), or type its latitude and longitude.'}
      </p>
      <SiteNameField value={name} error={errors.name} onChange={setName} />
      <div className="watch-form__row">
        <WatchField label="Latitude" error={errors.lat}>
          {(field) => (
            <input
              {...field}
              inputMode="decimal"
              value={lat}
              onChange={(event) => setLat(event.target.value)}
            />
          )}
        </WatchField>
        <WatchField label="Longitude" error={errors.lon}>
          {(field) => (
            <input
              {...field}
              inputMode="decimal"
              value={lon}
              onChange={(event) => setLon(event.target.value)}
            />
          )}
        </WatchField>
      </div>
      <WatchField label="Policy" hint="Adjust it on the site’s page once it is added.">
        {(field) => (
          <select
            {...field}
            value={preset}
            onChange={(event) => setPreset(event.target.value as PresetName)}
          >
            {presetNames.map((name) => (
              <option key={name} value={name}>
                {presetLabels[name]}
              </option>
            ))}
          </select>
        )}
      </WatchField>
      <FormError error={add.error} />
      <div className="watch-form__actions">
        <button type="submit" className="button--primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add site'}
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
