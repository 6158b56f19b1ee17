import {
  alarmDefaults,
  type ChannelKind,
  channelLimits,
  channelRanges,
} from '../../../../shared/api/channels';
import { inRange, rangeText } from '../../../../shared/api/provider-params';
import type { StatusLevel } from '../../../../shared/safety/site-policy';
import { type Channel, channelLevels, isFailedOutcome } from '../api/channel-schemas';
import { levelLabels } from '../../../../shared/safety/level-labels';

/**
 * The channel form: its fields as text, their rules in words (shown beneath each field, and the
 * message when one is broken), and the body sent for them. The server checks every rule again
 * and names any field it refuses.
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
  enabled: boolean;
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
  quietTz: string;
}

export const kindLabels: Record<ChannelKind, string> = {
  webhook: 'Webhook (JSON)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  email: 'Email',
};

/** The rule of the target, by kind, as the field's hint states it. */
export const targetRules: Record<ChannelKind, string> = {
  webhook:
    'An http:// or https:// address. Each POST is signed with the secret (X-Skydeck-Signature).',
  slack: 'The https:// address of a Slack incoming webhook.',
  teams: 'The https:// address of a Teams incoming webhook or workflow.',
  email: 'One or more email addresses, separated by commas.',
};

export const targetLabels: Record<ChannelKind, string> = {
  webhook: 'Address (URL)',
  slack: 'Webhook address (URL)',
  teams: 'Webhook address (URL)',
  email: 'Recipients',
};

export const channelRules = {
  name: `1 to ${channelLimits.nameMax} characters`,
  secret: `${channelLimits.secretMin} to ${channelLimits.secretMax} printable characters, no spaces; blank on a new channel makes one up, shown once. The receiver checks each body's signature with it.`,
  levels: 'A change into or out of a ticked level is sent. A stop always passes quiet hours.',
  escalate: `Minutes between reminders of an unacknowledged stop: ${rangeText(channelRanges.escalateMinutes)}; blank for none.`,
  sites: 'None ticked: every site, new ones too.',
  quiet: 'Between these times only stop is sent; from later than to spans midnight.',
  time: 'A time HH:MM',
  tz: 'An IANA time zone, such as Europe/Berlin',
} as const;

/** A rule as a field's error states it: "Must be a time HH:MM". */
const mustBe = (rule: string) => `Must be ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const emailPattern = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** This browser's zone: the quiet hours' default. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isTimeZone(tz: string): boolean {
  if (tz.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function targetError(kind: ChannelKind, target: string): string | undefined {
  const text = target.trim();
  if (text === '') return 'Required';
  if (text.length > channelLimits.targetMax) return `At most ${channelLimits.targetMax} characters`;
  if (kind === 'email') {
    const addresses = text.split(',').map((address) => address.trim());
    const bad = addresses.find((address) => !emailPattern.test(address));
    return bad === undefined ? undefined : `“${bad}” is not an email address`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Not a web address';
  }
  const schemes = kind === 'webhook' ? ['http:', 'https:'] : ['https:'];
  return schemes.includes(url.protocol)
    ? undefined
    : `Must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}`;
}

/** Each broken rule by field name; empty when the form can be sent. */
export function channelErrors(values: ChannelValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (name.length < 1 || name.length > channelLimits.nameMax)
    errors.name = mustBe(channelRules.name);
  const target = targetError(values.kind, values.target);
  if (target) errors.target = target;
  if (
    values.secret !== '' &&
    (values.secret.length < channelLimits.secretMin ||
      values.secret.length > channelLimits.secretMax ||
      !/^[\x21-\x7e]+$/.test(values.secret))
  )
    errors.secret = mustBe(channelRules.secret.split(';')[0] as string);
  if (values.levels.length === 0) errors.levels = 'Tick at least one level';
  if (
    values.escalate.trim() !== '' &&
    !inRange(Number(values.escalate), channelRanges.escalateMinutes)
  )
    errors.escalate = `Must be ${rangeText(channelRanges.escalateMinutes)}, or blank`;
  if (values.quiet) {
    if (!timePattern.test(values.quietFrom)) errors.quietFrom = mustBe(channelRules.time);
    if (!timePattern.test(values.quietTo)) errors.quietTo = mustBe(channelRules.time);
    if (!isTimeZone(values.quietTz)) errors.quietTz = mustBe(channelRules.tz);
  }
  return errors;
}

export interface ChannelBody {
  kind?: ChannelKind;
  name: string;
  target: string;
  secret?: string;
  levels: StatusLevel[];
  sites: string[] | null;
  escalate_minutes: number | null;
  enabled: boolean;
  quiet: { from: string; to: string; tz: string } | null;
}

/**
 * The body for `POST /api/channels` (`editing` false) or `PATCH /api/channels/:id`: a kind only
 * on a new channel (it never changes), every site as null, a blank secret left out (kept on an
 * edit, made up by the server on a new channel), and no secret at all for email.
 */
export function channelBody(values: ChannelValues, editing: boolean): ChannelBody {
  const escalate = values.escalate.trim();
  const body: ChannelBody = {
    ...(editing ? {} : { kind: values.kind }),
    name: values.name.trim(),
    target: values.target.trim(),
    levels: channelLevels.filter((level) => values.levels.includes(level)),
    sites: values.sites.length > 0 ? [...values.sites] : null,
    escalate_minutes: escalate === '' ? null : Number(escalate),
    enabled: values.enabled,
    quiet: values.quiet
      ? { from: values.quietFrom, to: values.quietTo, tz: values.quietTz.trim() }
      : null,
  };
  if (values.secret !== '' && values.kind !== 'email') body.secret = values.secret;
  return body;
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
    enabled: true,
    quiet: false,
    quietFrom: '22:00',
    quietTo: '06:00',
    quietTz: browserTimeZone(),
  };
}

const isLevel = (level: string): level is StatusLevel =>
  (channelLevels as readonly string[]).includes(level);

export function channelValues(channel: Channel): ChannelValues {
  return {
    kind: channel.kind,
    name: channel.name,
    target: channel.target,
    secret: '',
    levels: (channel.levels ?? []).filter(isLevel),
    sites: [...(channel.sites ?? [])],
    escalate:
      channel.escalate_minutes === null || channel.escalate_minutes === undefined
        ? ''
        : String(channel.escalate_minutes),
    enabled: channel.enabled !== false,
    quiet: Boolean(channel.quiet),
    quietFrom: channel.quiet?.from ?? '22:00',
    quietTo: channel.quiet?.to ?? '06:00',
    quietTz: channel.quiet?.tz ?? browserTimeZone(),
  };
}

/** What a channel sends, in one line: "Stop, Caution · 2 sites · quiet 22:00–06:00 Europe/Berlin". */
export function channelSummary(
  channel: Channel,
  siteName: (id: string) => string | undefined,
): string {
  const levels = channel.levels?.length
    ? channel.levels.map((level) => (isLevel(level) ? levelLabels[level] : level)).join(', ')
    : 'Every level';
  const sites = channel.sites?.length
    ? channel.sites.map((id) => siteName(id) ?? id).join(', ')
    : 'every site';
  const quiet = channel.quiet
    ? ` · quiet ${channel.quiet.from}–${channel.quiet.to} ${channel.quiet.tz} (stop still sent)`
    : '';
  const reminders =
    channel.escalate_minutes === null || channel.escalate_minutes === undefined
      ? ''
      : ` · stop repeated every ${channel.escalate_minutes} min until acknowledged`;
  const off = channel.enabled === false ? ' · turned off' : '';
  return `${levels} · ${sites}${quiet}${reminders}${off}`;
}

/** A delivery's answer in words: "HTTP 200", "SMTP 250 OK", or "no answer". */
export function deliveryStatusText(
  kind: ChannelKind | undefined,
  status: number | string | null | undefined,
): string {
  if (status === null || status === undefined || status === '') return 'no answer';
  if (typeof status === 'string') return kind === 'email' ? `SMTP ${status}` : status;
  return kind === 'email' ? `SMTP ${status}` : `HTTP ${status}`;
}

/**
 * What "Send test" came back with, in one sentence: the answer, and when it failed the cause in
 * the server's words (`delivery.detail`: "refused: the target resolves to a loopback or private
 * address…"), unless the cause only repeats the answer.
 */
export function testOutcomeText(
  kind: ChannelKind,
  result: {
    outcome?: string;
    status?: number | string | null;
    error?: string;
    delivery?: { outcome?: string; status?: number | string | null; detail?: string };
  } | null,
): { ok: boolean; text: string } {
  if (!result) return { ok: true, text: 'Test sent.' };
  const outcome = result.outcome ?? result.delivery?.outcome;
  const status = result.status ?? result.delivery?.status;
  const answer = deliveryStatusText(kind, status);
  const detail = result.delivery?.detail;
  if (result.error || isFailedOutcome(outcome)) {
    const causes = [result.error, detail === answer ? undefined : detail].filter(Boolean);
    return {
      ok: false,
      text: `Test failed (${answer})${causes.length > 0 ? `: ${causes.join('; ')}` : ''}.`,
    };
  }
  return { ok: true, text: `Test sent (${answer}${outcome ? `, ${outcome}` : ''}).` };
}

/** The form's field for each field the server names in a refusal ("Invalid quiet.tz: …"). */
const serverFields: Record<string, keyof ChannelValues> = {
  kind: 'kind',
  name: 'name',
  target: 'target',
  secret: 'secret',
  levels: 'levels',
  escalate_minutes: 'escalate',
  'quiet.from': 'quietFrom',
  'quiet.to': 'quietTo',
  'quiet.tz': 'quietTz',
};

/**
 * A refusal the server words "Invalid <field>: <rule>" (a target its address guard refuses, a
 * kind it is not set up for), as the error of the form's own field; undefined for any other.
 */
export function serverFieldError(
  message: string,
): { field: keyof ChannelValues; text: string } | undefined {
  const match = /^Invalid ([\w.]+): (.+)$/s.exec(message);
  const field = match ? serverFields[match[1] as string] : undefined;
  return match && field ? { field, text: `Refused by the server: ${match[2]}` } : undefined;
}
