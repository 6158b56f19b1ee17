import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { outlookNoticeSchema, siteLimits } from '../../../../shared/api/watch';
import { queryKeys } from '../../../lib/query-keys';
import { serverNow } from '../../../lib/server-clock';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { updateLink, useUrlValue } from '../../../lib/url-state/link';
import { deleteSite, updateSite } from '../api/watch-writes';
import { checkPolicy, type Preset, policyValues, presetValues } from '../lib/policy-form';
import { type Board, type BoardSite, withoutSite, withSite } from '../lib/stream-cache';
import { setWatchView } from '../url-state';
import type { UnitSystem } from '../../../../shared/weather/units';
import { checkSchedule, scheduleDraft } from '../lib/schedule-form';
import { PolicyEditor } from './policy-editor';
import { ScheduleEditor } from './schedule-editor';
import { ConfirmDelete } from './confirm-delete';
import { SiteNameField } from './site-name-field';
import { FormError, WatchField } from './watch-field';

/**
 * A site's name, notes and policy, for a signed-in operator; and deleting it. The policy is
 * edited in the units setting's units (the form is made afresh when they change).
 */
export function SiteEditor({ site }: { site: BoardSite }) {
  const units = useUrlValue(unitsKey);
  return <SiteEditorForm key={units} site={site} units={units} />;
}

function SiteEditorForm({ site, units }: { site: BoardSite; units: UnitSystem }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(site.name);
  const [notes, setNotes] = useState(site.notes);
  const [preset, setPreset] = useState<Preset>(site.policy.preset);
  const [values, setValues] = useState(() => policyValues(site.policy, units));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [schedule, setSchedule] = useState(() => scheduleDraft(site.schedule));
  const [scheduleErrors, setScheduleErrors] = useState<Record<string, string>>({});
  /** The forecast notice's time, "HH:MM"; blank: none. */
  const [noticeAt, setNoticeAt] = useState(site.outlook_notice?.at ?? '');
  const [confirming, setConfirming] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.watch.sites() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.watch.site(site.id) });
  };
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateSite>[1]) => updateSite(site.id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<Board>(queryKeys.watch.sites(), (board) =>
        withSite(board, saved, serverNow()),
      );
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSite(site.id),
    onSuccess: () => {
      queryClient.setQueryData<Board>(queryKeys.watch.sites(), (board) =>
        withoutSite(board, site.id),
      );
      refresh();
      updateLink((set) => setWatchView(set, 'board'), { history: 'push' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPolicy(values, preset, units, site.policy);
    const found: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (name.trim() === '') found.name = 'must not be empty';
    const hours = checkSchedule(schedule);
    const notice =
      noticeAt.trim() === '' ? null : outlookNoticeSchema.safeParse({ at: noticeAt.trim() });
    if (notice && !notice.success)
      found.outlook_notice = notice.error.issues[0]?.message ?? 'must be a time';
    setErrors(found);
    setScheduleErrors(hours.ok ? {} : hours.errors);
    if (checked.ok && !found.name && !found.outlook_notice && hours.ok)
      save.mutate({
        name,
        notes,
        policy: checked.policy,
        schedule: hours.schedule,
        outlook_notice: notice?.data ?? null,
      });
  };

  return (
    <form
      className="watch-form form-controls site-editor"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="section-heading">
        Site, policy and working hours
      </h3>
      <SiteNameField value={name} error={errors.name} onChange={setName} />
      <WatchField label="Notes">
        {(field) => (
          <textarea
            {...field}
            rows={3}
            maxLength={siteLimits.notesMax}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        )}
      </WatchField>
      <PolicyEditor
        values={values}
        units={units}
        preset={preset}
        errors={errors}
        onPreset={(next) => {
          setPreset(next);
          if (next !== 'custom') setValues(presetValues(next, units));
          setErrors({});
        }}
        onChange={(path, value) => {
          setValues((current) => ({ ...current, [path]: value }));
          setPreset('custom');
        }}
      />
      <ScheduleEditor
        draft={schedule}
        siteZone={site.timezone}
        errors={scheduleErrors}
        onChange={setSchedule}
      />
      <WatchField
        label="Tell channels the afternoon before a no-go day at"
        hint={`Optional. On the site’s clock${site.timezone ? ` (${site.timezone})` : ''}: when the outlook forecasts tomorrow as no-go, the site’s channels are told once, as a forecast. Outside working hours it waits for the next window. Blank: never.`}
        error={errors.outlook_notice}
      >
        {(field) => (
          <input
            {...field}
            type="time"
            value={noticeAt}
            onChange={(event) => setNoticeAt(event.target.value)}
          />
        )}
      </WatchField>
      {Object.keys(errors).length + Object.keys(scheduleErrors).length > 0 && (
        <p className="field-error" role="alert">
          Check the fields marked above:{' '}
          {Object.keys(errors).length + Object.keys(scheduleErrors).length} need a change.
        </p>
      )}
      <FormError error={save.error} />
      {save.isSuccess && !save.isPending && (
        <p className="watch-form__note" role="status">
          Saved.
        </p>
      )}
      <div className="watch-form__actions">
        <button type="submit" className="button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
        <ConfirmDelete
          name={site.name}
          label="Delete site"
          confirming={confirming}
          onConfirmingChange={setConfirming}
          pending={remove.isPending}
          onDelete={() => remove.mutate()}
        />
      </div>
      <FormError error={remove.error} />
      {confirming && (
        <p className="watch-form__note">
          The site stops being watched. Its events stay in the log: the record is permanent.
        </p>
      )}
    </form>
  );
}
