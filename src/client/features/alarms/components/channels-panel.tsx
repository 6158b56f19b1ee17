import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { channelKinds, channelLimits, isHttpKind, kindInfo } from '../../../../shared/api/channels';
import type { ChannelJson, SavedChannelResponse } from '../../../../shared/api/channel-answers';
import {
  channelKindsQueryOptions,
  channelsQueryOptions,
  createChannel,
  deleteChannel,
  testChannel,
  updateChannel,
} from '../api/channels-query';
import {
  boardOrder,
  ConfirmDelete,
  FormError,
  sitesQueryOptions,
  useIsAdmin,
  useOperator,
  useStreamMode,
  WatchField,
} from '../../watch/public';
import {
  browserTimeZone,
  channelBody,
  channelErrors,
  channelRules,
  channelSummary,
  channelValues,
  type ChannelValues,
  newChannelValues,
  serverFieldError,
  testOutcomeText,
} from '../lib/channel-form';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { statusLevels } from '../../../../shared/safety/site-policy';

import './channels-panel.css';

/**
 * The server's alarm channels (webhooks, chat services, email), for signed-in operators: each
 * with what it sends and when, and a flag when its deliveries fail. Adding, changing, testing and
 * deleting one is for admins; an operator sees the channels and is told so.
 */
export default function ChannelsPanel() {
  const operator = useOperator();
  const admin = useIsAdmin();
  return (
    <section className="channels" aria-labelledby="channels-title" data-testid="channels">
      <h2 id="channels-title" className="channels__title">
        Alarm channels
      </h2>
      <p className="channels__intro">
        The server sends every change of level of a watched site to these channels, whether or not a
        Skydeck page is open, and keeps a record of each delivery (on each site’s timeline). An
        unacknowledged stop is sent again, as often as each channel says, until it is acknowledged
        or cleared.
      </p>
      {operator && !admin && (
        <p className="admin-only" data-testid="channels-admin-only">
          Changing channels is for admins: you can see them here, and an admin can add, change, test
          or delete them.
        </p>
      )}
      {operator ? (
        <ChannelList canEdit={admin} />
      ) : (
        <EmptyBlock>Sign in to see and change the alarm channels.</EmptyBlock>
      )}
    </section>
  );
}

function useSiteNames() {
  const live = useStreamMode() === 'live';
  const board = useQuery(sitesQueryOptions(live));
  return boardOrder(board.data?.sites ?? []);
}

function ChannelList({ canEdit }: { canEdit: boolean }) {
  const channels = useQuery(channelsQueryOptions());
  const sites = useSiteNames();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<ChannelJson | undefined>();
  // The server's warning about a saved target, by channel, until the next save or a test that
  // gets through.
  const [warnings, setWarnings] = useState<Record<string, string>>({});
  const noteWarning = (id: string, warning: string | undefined) =>
    setWarnings(({ [id]: _dropped, ...rest }) => (warning ? { ...rest, [id]: warning } : rest));
  const siteName = (id: string) => sites.find((site) => site.id === id)?.name;

  if (channels.isPending) return <LoadingBlock label="Loading the channels" lines={4} />;
  if (channels.isError)
    return channels.error instanceof ApiError && channels.error.status === 404 ? (
      <EmptyBlock>This Skydeck server does not send alarms to channels yet.</EmptyBlock>
    ) : (
      <ErrorBlock
        title="The channels could not be loaded"
        message={channels.error.message}
        onRetry={() => void channels.refetch()}
      />
    );
  return (
    <div className="channels__body">
      {created?.secret && (
        <div className="channel__secret" role="status" data-testid="channel-secret">
          <p>
            The signing secret of <strong>{created.name}</strong>, shown this once: give it to the
            receiver, which checks each body’s <code>X-Skydeck-Signature</code> with it.
          </p>
          <code>{created.secret}</code>
          <button type="button" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </div>
      )}
      {!canEdit ? null : adding ? (
        <ChannelForm
          channel={undefined}
          onClose={(saved) => {
            setAdding(false);
            setCreated(saved?.channel.secret ? saved.channel : undefined);
            if (saved) noteWarning(saved.channel.id, saved.warning);
          }}
        />
      ) : (
        <button type="button" className="button--primary" onClick={() => setAdding(true)}>
          Add channel
        </button>
      )}
      {channels.data.length === 0 ? (
        <EmptyBlock>No channel yet: alarms reach only the pages that are open.</EmptyBlock>
      ) : (
        <ul className="channels__list" aria-label="Channels">
          {channels.data.map((channel) => (
            <ChannelCard
              key={channel.id}
              canEdit={canEdit}
              channel={channel}
              summary={channelSummary(channel, siteName)}
              warning={warnings[channel.id]}
              onWarning={(warning) => noteWarning(channel.id, warning)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ChannelCard({
  channel,
  summary,
  canEdit,
  warning,
  onWarning,
}: {
  channel: ChannelJson;
  summary: string;
  canEdit: boolean;
  warning: string | undefined;
  onWarning: (warning: string | undefined) => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.watch.channels() });
  const unavailable = useQuery(channelKindsQueryOptions()).data?.find(
    (kind) => kind.kind === channel.kind && !kind.available,
  );
  const test = useMutation({
    mutationFn: () => testChannel(channel.id),
    onSuccess: (result) => {
      if (result && testOutcomeText(channel.kind, result).ok) onWarning(undefined);
    },
    // The test is the channel's latest delivery: its failing flag (here and on the board)
    // follows it at once, not at the next refresh.
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteChannel(channel.id), onSuccess: refresh });
  const failing = channel.failing;
  const outcome = test.data !== undefined ? testOutcomeText(channel.kind, test.data) : undefined;

  if (editing)
    return (
      <li className="channel">
        <ChannelForm
          channel={channel}
          onClose={(saved) => {
            setEditing(false);
            if (saved) onWarning(saved.warning);
          }}
        />
      </li>
    );
  return (
    <li
      className={`channel${failing ? ' channel--failing' : ''}`}
      data-testid="channel"
      data-channel-id={channel.id}
    >
      <div className="channel__head">
        <h3 className="channel__name">{channel.name}</h3>
        <span className="channel__kind">{kindInfo(channel.kind).label}</span>
        {failing && (
          <span className="channel__failing" data-testid="channel-failing">
            Failing: its latest delivery did not get through
          </span>
        )}
      </div>
      <p className="channel__target">
        <code>{channel.target}</code>
      </p>
      <p className="channel__summary">{summary}</p>
      {unavailable?.reason && (
        <p className="channel__warning" data-testid="channel-unavailable">
          Not sent on this server: {unavailable.reason}.
        </p>
      )}
      {warning && (
        <p className="channel__warning" role="status" data-testid="channel-warning">
          Saved, but the server warns: {warning}.
        </p>
      )}
      {canEdit && (
        <div className="watch-form__actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> {channel.name}</span>
          </button>
          <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? 'Sending a test…' : 'Send test'}
            <span className="visually-hidden"> to {channel.name}</span>
          </button>
          <ConfirmDelete
            name={channel.name}
            label={
              <>
                Delete<span className="visually-hidden"> {channel.name}</span>
              </>
            }
            confirming={confirming}
            onConfirmingChange={setConfirming}
            pending={remove.isPending}
            onDelete={() => remove.mutate()}
          />
        </div>
      )}
      <p className="channel__outcome" role="status" data-testid="test-outcome">
        {outcome && (
          <span className={outcome.ok ? 'channel__ok' : 'field-error'}>{outcome.text}</span>
        )}
        {test.error && <span className="field-error">Test not sent: {test.error.message}</span>}
      </p>
      <FormError error={remove.error} />
    </li>
  );
}

/** A labelled group of checkboxes with its rule beneath. */
function CheckGroup<V extends string>({
  legend,
  rule,
  error,
  options,
  picked,
  onChange,
}: {
  legend: string;
  rule: string;
  error?: string;
  options: readonly { value: V; label: string }[];
  picked: readonly V[];
  onChange: (picked: V[]) => void;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-rule`}>
      <legend>{legend}</legend>
      <div className="channel-form__checks">
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              checked={picked.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...picked, option.value]
                    : picked.filter((value) => value !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      <span className="watch-field__hint channel-form__rule" id={`${id}-rule`}>
        {rule}
      </span>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

const timeZones = (): readonly string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserTimeZone()];
  }
};

function ChannelForm({
  channel,
  onClose,
}: {
  channel: ChannelJson | undefined;
  onClose: (saved?: SavedChannelResponse) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const sites = useSiteNames();
  const kinds = useQuery(channelKindsQueryOptions()).data;
  const editing = channel !== undefined;
  const [values, setValues] = useState<ChannelValues>(() =>
    channel ? channelValues(channel) : newChannelValues(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      channel
        ? updateChannel(channel.id, channelBody(values, true))
        : createChannel(channelBody(values, false)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.watch.channels() });
      // A secret the server made up is shown once; one the operator typed they already have.
      onClose(
        values.secret === ''
          ? saved
          : { ...saved, channel: { ...saved.channel, secret: undefined } },
      );
    },
  });
  // A refusal naming a field (a target the address guard refuses) is shown at that field.
  const refused = save.error instanceof ApiError ? serverFieldError(save.error.message) : undefined;
  const shown = refused ? { ...errors, [refused.field]: refused.text } : errors;
  const refusedField = refused?.field;
  useEffect(() => {
    if (refusedField) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedField, save.error]);
  const set = <K extends keyof ChannelValues>(key: K, value: ChannelValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (save.error) save.reset();
  };
  const kindOf = (kind: ChannelValues['kind']) => kinds?.find((info) => info.kind === kind);
  const unavailable = (kinds ?? []).filter((info) => !info.available && info.reason);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = channelErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const title = channel ? `Edit ${channel.name}` : 'New channel';
  return (
    <form
      ref={formRef}
      className="channel-form watch-form form-controls"
      onSubmit={onSubmit}
      aria-label={title}
      noValidate
    >
      <h3 className="channel__name">{title}</h3>
      <div className="watch-form__row">
        <WatchField
          label="Kind"
          hint={
            [
              editing ? 'A channel keeps its kind: add another for a different one.' : '',
              // Said before anything is typed: the server would refuse the channel.
              // Kinds refused for one reason are named together (SMS and voice need one setup).
              ...[...new Set(unavailable.map((info) => info.reason))].map((reason) => {
                const labels = unavailable
                  .filter((info) => info.reason === reason)
                  .map((info) => kindInfo(info.kind).label);
                const named = labels.join(' and ');
                return `${named} ${labels.length > 1 ? 'are' : 'is'} not offered: ${reason}.`;
              }),
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          error={shown.kind}
        >
          {(field) => (
            <select
              {...field}
              disabled={editing}
              value={values.kind}
              onChange={(event) => set('kind', event.target.value as ChannelValues['kind'])}
            >
              {channelKinds.map((kind) => {
                const off = kindOf(kind)?.available === false;
                return (
                  <option key={kind} value={kind} disabled={off && !editing}>
                    {kindInfo(kind).label}
                    {off ? ' (not set up on this server)' : ''}
                  </option>
                );
              })}
            </select>
          )}
        </WatchField>
        <WatchField label="Name" hint={channelRules.name} error={shown.name}>
          {(field) => (
            <input
              {...field}
              value={values.name}
              maxLength={channelLimits.nameMax}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </WatchField>
      </div>
      <WatchField
        label={kindInfo(values.kind).targetLabel}
        hint={[kindInfo(values.kind).targetHint, kindOf(values.kind)?.target_rule]
          .filter(Boolean)
          .join(' ')}
        error={shown.target}
      >
        {(field) => (
          <input
            {...field}
            // An email list has commas, which type="email" refuses without `multiple`.
            type={kindInfo(values.kind).input === 'email' ? 'text' : kindInfo(values.kind).input}
            inputMode={kindInfo(values.kind).input}
            autoComplete="off"
            value={values.target}
            maxLength={channelLimits.targetMax}
            onChange={(event) => set('target', event.target.value)}
          />
        )}
      </WatchField>
      {isHttpKind(values.kind) && (
        <WatchField
          label="Signing secret (optional)"
          hint={
            channel?.secret_set
              ? `Blank keeps the current secret. ${channelRules.secret}`
              : channelRules.secret
          }
          error={shown.secret}
        >
          {(field) => (
            <input
              {...field}
              type="password"
              autoComplete="new-password"
              value={values.secret}
              maxLength={channelLimits.secretMax}
              onChange={(event) => set('secret', event.target.value)}
            />
          )}
        </WatchField>
      )}
      <CheckGroup
        legend="Levels"
        rule={channelRules.levels}
        error={shown.levels}
        options={statusLevels.map((level) => ({ value: level, label: levelLabels[level] }))}
        picked={values.levels}
        onChange={(levels) => set('levels', levels)}
      />
      <CheckGroup
        legend="Sites"
        rule={channelRules.sites}
        error={shown.sites}
        options={sites.map((site) => ({ value: site.id, label: site.name }))}
        picked={values.sites}
        onChange={(picked) => set('sites', picked)}
      />
      <div className="watch-form__row">
        <WatchField label="Reminders of a stop" hint={channelRules.escalate} error={shown.escalate}>
          {(field) => (
            <input
              {...field}
              inputMode="numeric"
              value={values.escalate}
              onChange={(event) => set('escalate', event.target.value)}
            />
          )}
        </WatchField>
        <WatchField
          label="Only if a STOP stays unacknowledged for … minutes"
          hint={channelRules.after}
          error={shown.after}
        >
          {(field) => (
            <input
              {...field}
              inputMode="numeric"
              value={values.after}
              onChange={(event) => set('after', event.target.value)}
            />
          )}
        </WatchField>
        <label className="channel-form__toggle">
          <input
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          Send alarms to this channel
        </label>
      </div>
      <fieldset aria-describedby={`${id}-quiet-rule`}>
        <legend>Quiet hours</legend>
        <label className="channel-form__toggle">
          <input
            type="checkbox"
            checked={values.quiet}
            onChange={(event) => set('quiet', event.target.checked)}
          />
          Hold back all but stop between two times
        </label>
        {values.quiet && (
          <div className="watch-form__row">
            <WatchField label="From" hint={channelRules.time} error={shown.quietFrom}>
              {(field) => (
                <input
                  {...field}
                  type="time"
                  value={values.quietFrom}
                  onChange={(event) => set('quietFrom', event.target.value)}
                />
              )}
            </WatchField>
            <WatchField label="To" hint={channelRules.time} error={shown.quietTo}>
              {(field) => (
                <input
                  {...field}
                  type="time"
                  value={values.quietTo}
                  onChange={(event) => set('quietTo', event.target.value)}
                />
              )}
            </WatchField>
            <WatchField label="Time zone" hint={channelRules.tz} error={shown.quietTz}>
              {(field) => (
                <input
                  {...field}
                  list={`${id}-zones`}
                  value={values.quietTz}
                  onChange={(event) => set('quietTz', event.target.value)}
                />
              )}
            </WatchField>
            <datalist id={`${id}-zones`}>
              {timeZones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
        )}
        <span className="watch-field__hint channel-form__rule" id={`${id}-quiet-rule`}>
          {channelRules.quiet}
        </span>
      </fieldset>
      <FormError error={refused ? null : save.error} />
      <div className="watch-form__actions">
        <button type="submit" className="button--primary" disabled={save.isPending}>
          {editing ? 'Save channel' : 'Add channel'}
        </button>
        <button type="button" onClick={() => onClose()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
