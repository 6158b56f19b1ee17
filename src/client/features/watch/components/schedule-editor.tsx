import { useId } from 'react';
import { scheduleLimits } from '../../../../shared/api/watch';
import { weekdays } from '../../../../shared/time/wall-clock';
import { alertSeverities } from '../../../../shared/weather/alert-schema';
import { dayLabels, newWindow, type ScheduleDraft, scheduleRules } from '../lib/schedule-form';
import { WatchField } from './watch-field';
import './schedule-editor.css';

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((other) => other !== item), item] : list.filter((other) => other !== item);

/**
 * When a site works: outside its windows the watch still judges and records, but alarms nobody,
 * bar alerts of the ticked severities. Every control is labelled and reachable by keyboard.
 */
export function ScheduleEditor({
  draft,
  siteZone,
  errors,
  onChange,
}: {
  draft: ScheduleDraft;
  /** The site's own zone, shown as the blank zone's meaning; null until the provider named it. */
  siteZone: string | null;
  /** The schema's messages by path ("windows.0.to"). */
  errors: Record<string, string>;
  onChange: (draft: ScheduleDraft) => void;
}) {
  const id = useId();
  const setWindow = (index: number, window: ScheduleDraft['windows'][number]) =>
    onChange({ ...draft, windows: draft.windows.map((w, i) => (i === index ? window : w)) });
  return (
    <fieldset className="schedule-editor" data-testid="schedule-editor">
      <legend>Working hours</legend>
      <label className="schedule-editor__toggle">
        <input
          type="checkbox"
          checked={draft.on}
          onChange={(event) => onChange({ ...draft, on: event.target.checked })}
        />
        Alarm only in working hours
      </label>
      {!draft.on && (
        <p className="watch-form__note">Always active: every change alarms at any hour.</p>
      )}
      {draft.on && (
        <>
          <WatchField
            label="Time zone"
            hint={`${scheduleRules.timezone}${siteZone ? ` (${siteZone})` : ''}`}
            error={errors.timezone}
          >
            {(field) => (
              <input
                {...field}
                value={draft.timezone}
                placeholder={siteZone ?? ''}
                autoComplete="off"
                onChange={(event) => onChange({ ...draft, timezone: event.target.value })}
              />
            )}
          </WatchField>
          <p className="watch-field__hint schedule-editor__rule" id={`${id}-windows`}>
            {scheduleRules.windows}
          </p>
          <ol className="schedule-editor__windows" aria-describedby={`${id}-windows`}>
            {draft.windows.map((window, index) => (
              <li key={index}>
                <fieldset className="schedule-editor__window">
                  <legend>Window {index + 1}</legend>
                  <fieldset
                    className="schedule-editor__days"
                    aria-invalid={errors[`windows.${index}.days`] !== undefined}
                    aria-describedby={
                      errors[`windows.${index}.days`] ? `${id}-${index}-days-error` : undefined
                    }
                  >
                    <legend>Days</legend>
                    {weekdays.map((day) => (
                      <label key={day} className="schedule-editor__day">
                        <input
                          type="checkbox"
                          checked={window.days.includes(day)}
                          onChange={(event) =>
                            setWindow(index, {
                              ...window,
                              days: toggled(window.days, day, event.target.checked),
                            })
                          }
                        />
                        {dayLabels[day]}
                      </label>
                    ))}
                    {errors[`windows.${index}.days`] && (
                      <span className="field-error" id={`${id}-${index}-days-error`}>
                        {errors[`windows.${index}.days`]}
                      </span>
                    )}
                  </fieldset>
                  <WatchField label="From" error={errors[`windows.${index}.from`]}>
                    {(field) => (
                      <input
                        {...field}
                        type="time"
                        required
                        value={window.from}
                        onChange={(event) =>
                          setWindow(index, { ...window, from: event.target.value })
                        }
                      />
                    )}
                  </WatchField>
                  <WatchField label="To" error={errors[`windows.${index}.to`]}>
                    {(field) => (
                      <input
                        {...field}
                        type="time"
                        required
                        value={window.to}
                        onChange={(event) =>
                          setWindow(index, { ...window, to: event.target.value })
                        }
                      />
                    )}
                  </WatchField>
                  <button
                    type="button"
                    className="schedule-editor__remove"
                    onClick={() =>
                      onChange({ ...draft, windows: draft.windows.filter((_, i) => i !== index) })
                    }
                  >
                    Remove window {index + 1}
                  </button>
                </fieldset>
              </li>
            ))}
          </ol>
          {errors.windows && <p className="field-error">{errors.windows}</p>}
          <button
            type="button"
            className="schedule-editor__add"
            disabled={draft.windows.length >= scheduleLimits.windowsMax}
            onClick={() => onChange({ ...draft, windows: [...draft.windows, newWindow()] })}
          >
            Add window
          </button>
          <fieldset className="schedule-editor__always" aria-describedby={`${id}-always`}>
            <legend>Always alarm for</legend>
            {alertSeverities.map((severity) => (
              <label key={severity} className="schedule-editor__day">
                <input
                  type="checkbox"
                  checked={draft.always.includes(severity)}
                  onChange={(event) =>
                    onChange({
                      ...draft,
                      always: toggled(draft.always, severity, event.target.checked),
                    })
                  }
                />
                {severity} alerts
              </label>
            ))}
            <span className="watch-field__hint schedule-editor__rule" id={`${id}-always`}>
              {scheduleRules.always}
            </span>
          </fieldset>
        </>
      )}
    </fieldset>
  );
}
