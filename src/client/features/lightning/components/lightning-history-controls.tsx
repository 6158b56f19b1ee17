import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { lightningHistoryStart } from '../../../../shared/api/provider-params';
import { dayClockText, minutesPerDay } from '../../../lib/day-clock';
import { updateLink, useLinkView } from '../../../lib/url-state/link';
import { type LightningHistoryDay, searchView, setHistoryDay } from '../url-state';
import { lightningHistorySpendOptions } from '../api/lightning-history-query';
import { useLightningData } from '../hooks/use-lightning-data';
import { type StrikeLoad } from '../lib/strike-load';
import { basisName } from '../lib/time-of-day';
import { HourScale } from './lightning-legend';
import './control-group.css';
import './lightning-history-controls.css';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** The slider moves in five minutes a key press; a link may name any minute. */
const sliderStep = 5;

/**
 * Live strikes or a day of history (lhist, ltz, lt in the URL). History costs quota, so it
 * states the cost and asks before spending it; opening a link never spends, unless the day is
 * already cached and so free.
 */
export function LightningHistoryControls({ lat, lon }: { lat: number; lon: number }) {
  const data = useLightningData({ lat, lon });
  const setDay = (day: LightningHistoryDay | undefined) =>
    updateLink((set) => setHistoryDay(set, day));

  return (
    <fieldset className="control-group lightning-history">
      <legend>Strikes</legend>
      <div className="lightning-history__modes">
        <button type="button" aria-pressed={data.mode === 'live'} onClick={() => setDay(undefined)}>
          Live
        </button>
        <button
          type="button"
          aria-pressed={data.mode === 'history'}
          onClick={() =>
            data.mode === 'live' && setDay({ date: yesterday(), tz: 'local', until: minutesPerDay })
          }
        >
          History
        </button>
      </div>
      {data.mode === 'history' && (
        <>
          <label>
            Day
            <input
              type="date"
              min={lightningHistoryStart}
              max={today()}
              value={data.day.date}
              onChange={(event) => {
                const date = event.target.value;
                if (date >= lightningHistoryStart && date <= today()) setDay({ ...data.day, date });
              }}
            />
          </label>
          <label>
            Day in
            <select
              value={data.day.tz}
              onChange={(event) =>
                setDay({ ...data.day, tz: event.target.value === 'utc' ? 'utc' : 'local' })
              }
            >
              <option value="local">Local time</option>
              <option value="utc">UTC</option>
            </select>
          </label>
          <HistorySpend
            point={{ lat, lon }}
            day={data.day}
            load={data.load}
            cost={data.cost.data ?? undefined}
          />
          {data.load.kind === 'loaded' && (
            <TimeSlider day={data.day} onChange={(until) => setDay({ ...data.day, until })} />
          )}
        </>
      )}
    </fieldset>
  );
}

/**
 * The day's cost and the question before spending it. The spend is a mutation: it runs only
 * from the confirmation, once however often that is clicked, and its answer lands in the day's
 * query, where the map and the polar view read it.
 */
function HistorySpend({
  point,
  day,
  load,
  cost,
}: {
  point: { lat: number; lon: number };
  day: LightningHistoryDay;
  load: StrikeLoad;
  cost: { units: number; reason: string; cached: boolean } | undefined;
}) {
  const queryClient = useQueryClient();
  const lightning = useLinkView(searchView);
  const spend = useMutation(lightningHistorySpendOptions(queryClient, point, day, lightning));
  const dayKey = JSON.stringify([point, day.date, day.tz, lightning]);
  // Keyed by the day, so a changed day or search needs its own confirmation and error.
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const [spent, setSpent] = useState<{ key: string; units: number } | undefined>(undefined);
  const asking = confirming === dayKey && load.kind === 'unpaid';
  const units = load.kind === 'unpaid' ? load.units : (cost?.units ?? 0);
  const loadButton = useRef<HTMLButtonElement>(null);
  const spendButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  // Focus follows the question: into it when it opens, back to the load button when cancelled.
  useEffect(() => {
    if (asking) spendButton.current?.focus();
    else if (wasAsking.current) loadButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const confirm = (event: MouseEvent) => {
    // The second click of a double click on "Load" lands here: a double click is not a yes.
    if (event.detail > 1 || spend.isPending) return;
    setConfirming(undefined);
    setSpent({ key: dayKey, units });
    spend.mutate();
  };
  const ownSpend = spent?.key === dayKey ? spent : undefined;
  const failed = ownSpend && spend.isError ? spend.error : undefined;

  return (
    <div className="lightning-history__spend">
      <p className="lightning-history__cost" data-testid="history-cost" role="status">
        {load.kind === 'loaded'
          ? ownSpend && spend.isSuccess
            ? `Loaded: ${ownSpend.units} quota units spent.`
            : cost?.cached
              ? 'Loaded from Skydeck’s cache: cost nothing.'
              : 'Loaded.'
          : load.kind === 'loading'
            ? cost?.cached
              ? 'Already loaded once: costs nothing. Loading…'
              : 'Loading…'
            : load.kind === 'pricing'
              ? 'Working out the cost…'
              : cost
                ? `This day costs ${units} quota units (${cost.reason}). Nothing is spent until you confirm.`
                : `This day costs ${units} quota units. Nothing is spent until you confirm.`}
      </p>
      {load.kind === 'unpaid' &&
        (asking ? (
          <div
            className="lightning-history__confirm"
            role="alertdialog"
            aria-label="Confirm the cost"
          >
            <p>
              Spend <strong>{units} units</strong> of today’s quota on the lightning of {day.date} (
              {basisName(day.tz)} day)?
            </p>
            <button ref={spendButton} type="button" className="button--primary" onClick={confirm}>
              Spend {units} units
            </button>
            <button type="button" onClick={() => setConfirming(undefined)}>
              Cancel
            </button>
          </div>
        ) : (
          <button
            ref={loadButton}
            type="button"
            className="button--primary"
            onClick={() => setConfirming(dayKey)}
          >
            Load this day ({units} units)
          </button>
        ))}
      {failed && (
        <p className="lightning-history__error" role="alert">
          Could not load the day: {failed.message}
        </p>
      )}
    </div>
  );
}

/**
 * How far into the day the strikes are shown, 00:00 to 24:00 on the day's own clock. Strikes
 * from midnight up to the chosen time stay on screen, each in the colour of its hour, so sliding
 * forward draws the storm's path as it grew rather than a moving window that forgets it.
 */
function TimeSlider({
  day,
  onChange,
}: {
  day: LightningHistoryDay;
  onChange: (until: number) => void;
}) {
  const clock = `${dayClockText(day.until)} ${basisName(day.tz)}`;
  return (
    <div className="lightning-history__time">
      <label htmlFor="lightning-history-until">Strikes up to</label>{' '}
      <output htmlFor="lightning-history-until" data-testid="lightning-history-until">
        {clock}
      </output>
      <input
        id="lightning-history-until"
        type="range"
        min={0}
        max={minutesPerDay}
        step={sliderStep}
        value={day.until}
        aria-valuetext={`up to ${clock}`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <HourScale />
    </div>
  );
}
