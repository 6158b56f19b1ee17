import {
  alarmDefaults,
  type ChannelKind,
  channelLimits,
  channelRanges,
  createChannelSchema,
  type CreateChannelBody,
  isHttpKind,
  kindInfo,
  type UpdateChannelBody,
} from '../../../../shared/api/channels';
import { rangeText } from '../../../../shared/api/provider-params';
import {
  type ChannelJson,
  isFailedOutcome,
  type TestChannelResponse,
} from '../../../../shared/api/channel-answers';
import { type StatusLevel, statusLevels } from '../../../../shared/safety/site-policy';
import { levelLabels } from '../../../../shared/safety/level-labels';

/**
 * The channel form: its fields as text, their rules in words (shown beneath each field), and the
 * body sent for them. Its checks are the server's own schema (shared/api/channels.ts), run on
 * that body before it is sent: a broken rule is shown at its field in the server's words, and
 * the server, which checks again (and its address guard besides), names any field it refuses.
 */

export interface ChannelValues {
  kind: ChannelKind;
  name: string;
  target: string;
  /** Blank: no secret on a new channel, the current one kept on an edit. */
  secret: string;
  levels: StatusLevel[];
  sites: string[];
  /** Minutes between reminders of an unacknowledged stop, as typed; blank for none. */
  escalate: string;
  /** An escalation tier's wait in minutes, as typed; blank or 0: told at once. */
  after: string;
  enabled: boolean;
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
  quietTz: string;
}

export const channelRules = {
  name: `1 to ${channelLimits.nameMax} characters`,
  secret: `${channelLimits.secretMin} to ${channelLimits.secretMax} printable characters, no spaces; blank on a new channel makes one up, shown once. The receiver checks each body's signature with it.`,
  levels: 'A change into or out of a ticked level is sent. A stop always passes quiet hours.',
  escalate: `Minutes between reminders of an unacknowledged stop: ${rangeText(channelRanges.escalateMinutes)}; blank for none.`,
  after: `${rangeText(channelRanges.afterMinutes)}; 0 or blank: told at once. More: told only of a stop nobody acknowledged in that time (and then of its end), never of a caution.`,
  sites: 'None ticked: every site, new ones too.',
  quiet: 'Between these times only stop is sent; from later than to spans midnight.',
  time: 'A time HH:MM',
  tz: 'An IANA time zone, such as Europe/Berlin',
} as const;

/** This browser's zone: the quiet hours' default. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The form's field for each field of the body ("quiet.tz"; a list's item counts as its list). */
const formFields: Record<string, keyof ChannelValues> = {
  kind: 'kind',
  name: 'name',
  target: 'target',
  secret: 'secret',
  levels: 'levels',
  sites: 'sites',
  escalate_minutes: 'escalate',
  after_minutes: 'after',
  'quiet.from': 'quietFrom',
  'quiet.to': 'quietTo',
  'quiet.tz': 'quietTz',
};
const formField = (path: string) => formFields[path.replace(/\.\d+$/, '')];

/** A rule as a field's error states it: "Must be 1 to 80 characters". */
const sentence = (rule: string) => `${rule.charAt(0).toUpperCase()}${rule.slice(1)}`;

/**
 * Each broken rule by the form's field name, in the server's words; empty when the form can be
 * sent. The body is checked as a new channel's, so the target is judged against its kind on an
 * edit too (the server does the same with the kind it holds).
 */
export function channelErrors(values: ChannelValues): Partial<Record<keyof ChannelValues, string>> {
  const errors: Partial<Record<keyof ChannelValues, string>> = {};
  for (const issue of createChannelSchema.safeParse(channelBody(values, false)).error?.issues ??
    []) {
    const field = formField(issue.path.join('.'));
    if (field && errors[field] === undefined) errors[field] = sentence(issue.message);
  }
  return errors;
}

/**
 * The body for `POST /api/channels` (`editing` false) or `PATCH /api/channels/:id`: a kind only
 * on a new channel (it never changes), every site as null, a blank secret left out (kept on an
 * edit, made up by the server on a new channel), and no secret at all for email.
 */
export function channelBody(values: ChannelValues, editing: false): CreateChannelBody;
export function channelBody(values: ChannelValues, editing: true): UpdateChannelBody;
export function channelBody(
  values: ChannelValues,
  editing: boolean,
): CreateChannelBody | UpdateChannelBody {
  const escalate = values.escalate.trim();
  const after = values.after.trim();
  const body = {
    name: values.name.trim(),
    target: values.target.trim(),
    levels: statusLevels.filter((level) => values.levels.includes(level)),
    sites: values.sites.length > 0 ? [...values.sites] : null,
    escalate_minutes: escalate === '' ? null : Number(escalate),
    after_minutes: after === '' ? alarmDefaults.afterMinutes : Number(after),
    enabled: values.enabled,
    quiet: values.quiet
      ? { from: values.quietFrom, to: values.quietTo, tz: values.quietTz.trim() }
      : null,
    ...(values.secret !== '' && isHttpKind(values.kind) ? { secret: values.secret } : {}),
  } satisfies Omit<CreateChannelBody, 'kind'>;
  return editing ? body : { kind: values.kind, ...body };
}

export function newChannelValues(): ChannelValues {
  return {
    kind: 'webhook',
    name: '',
    target: '',
    secret: '',
    levels: [...alarmDefaults.levels],
    sites: [],
    escalate: String(alarmDefaults.escalateMinutes),
    after: String(alarmDefaults.afterMinutes),
    enabled: true,
    quiet: false,
    quietFrom: '22:00',
    quietTo: '06:00',
    quietTz: browserTimeZone(),
  };
}

export function channelValues(channel: ChannelJson): ChannelValues {
  return {
    kind: channel.kind,
    name: channel.name,
    target: channel.target,
    secret: '',
    levels: [...channel.levels],
    sites: [...(channel.sites ?? [])],
    escalate: channel.escalate_minutes === null ? '' : String(channel.escalate_minutes),
    after: String(channel.after_minutes),
    enabled: channel.enabled,
    quiet: Boolean(channel.quiet),
    quietFrom: channel.quiet?.from ?? '22:00',
    quietTo: channel.quiet?.to ?? '06:00',
    quietTz: channel.quiet?.tz ?? browserTimeZone(),
  };
}

/** What a channel sends, in one line: "Stop, Caution · 2 sites · quiet 22:00–06:00 Europe/Berlin". */
export function channelSummary(
  channel: ChannelJson,
  siteName: (id: string) => string | undefined,
): string {
  const levels = channel.levels.map((level) => levelLabels[level]).join(', ');
  const sites = channel.sites?.length
    ? channel.sites.map((id) => siteName(id) ?? id).join(', ')
    : 'every site';
  const quiet = channel.quiet
    ? ` · quiet ${channel.quiet.from}–${channel.quiet.to} ${channel.quiet.tz} (stop still sent)`
    : '';
  const reminders =
    channel.escalate_minutes === null
      ? ''
      : ` · stop repeated every ${channel.escalate_minutes} min until acknowledged`;
  const tier =
    channel.after_minutes > 0
      ? ` · only a stop unacknowledged for ${channel.after_minutes} min`
      : '';
  const off = channel.enabled ? '' : ' · turned off';
  return `${levels} · ${sites}${tier}${quiet}${reminders}${off}`;
}

/** A delivery's answer in words: "HTTP 200" (a webhook's, or the SMS/voice provider's), "SMTP 250", or "no answer". */
export function deliveryStatusText(kind: ChannelKind | undefined, status: number | null): string {
  if (status === null) return 'no answer';
  return kind !== undefined && kindInfo(kind).transport === 'email'
    ? `SMTP ${status}`
    : `HTTP ${status}`;
}

/**
 * What "Send test" came back with, in one sentence: the answer, and when it failed the cause in
 * the server's words (`delivery.detail`: "refused: the target resolves to a loopback or private
 * address…"), unless the cause only repeats the answer.
 */
export function testOutcomeText(
  kind: ChannelKind,
  result: TestChannelResponse | null,
): { ok: boolean; text: string } {
  const delivery = result?.delivery;
  if (!delivery) return { ok: true, text: 'Test sent.' };
  const answer = deliveryStatusText(kind, delivery.status);
  if (isFailedOutcome(delivery.outcome)) {
    const cause =
      delivery.detail === answer || delivery.detail === '' ? '' : `: ${delivery.detail}`;
    return { ok: false, text: `Test failed (${answer})${cause}.` };
  }
  return { ok: true, text: `Test sent (${answer}, ${delivery.outcome}).` };
}

/**
 * A refusal the server words "Invalid <field>: <rule>" (a target its address guard refuses, a
 * kind it is not set up for), as the error of the form's own field; undefined for any other.
 */
export function serverFieldError(
  message: string,
): { field: keyof ChannelValues; text: string } | undefined {
  const match = /^Invalid ([\w.]+): (.+)$/s.exec(message);
  const field = match ? formField(match[1] as string) : undefined;
  return match && field ? { field, text: `Refused by the server: ${match[2]}` } : undefined;
}
