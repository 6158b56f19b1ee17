import {
  alarmTextLimits,
  type HttpChannelKind,
  type PhoneChannelKind,
  type WebhookBody,
} from '../../shared/api/channels';
import { levelLabels } from '../../shared/safety/level-labels';
import type { StatusLevel } from '../../shared/safety/site-policy';

/**
 * One thing to tell a channel: a level change, a reminder of an unacknowledged stop, a test, a
 * drill (`kind: 'drill'`: every builder leads with "DRILL", through `headline`), or a forecast
 * notice (`kind: 'outlook'`: every builder leads with "Forecast", and none reads as a change of
 * level: its event's `from` and `to` are both the site's level now).
 */
export interface Notice {
  kind: WebhookBody['kind'];
  /** The reminder's number, for an escalation. */
  escalation: number | null;
  event: {
    id: number;
    siteId: string;
    /** Epoch ms, server time. */
    at: number;
    from: StatusLevel;
    to: StatusLevel;
    reason: string;
  };
  site: { id: string; name: string; lat: number | null; lon: number | null };
  /** The site's page. */
  url: string;
  /** For a test: the channel's own name. */
  channelName?: string;
  /** Told as the site's activity window opens, of a level it reached off hours. */
  opening?: boolean;
  /**
   * A forecast notice's day (the site's local date), whether it is tomorrow or (held overnight
   * by the site's activity windows) today where the site is, and the outlook's reasons.
   */
  outlook?: { date: string; when: 'tomorrow' | 'today'; reasons: string[] };
}

/** "Thu 16 Jul" of a YYYY-MM-DD date, as the calendar reads it wherever the site is. */
export function dayText(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

/** How a forecast notice names its verdict: the outlook's no_go, in capitals like a level. */
const noGoLabel = 'NO-GO';

/**
 * `text` cut to at most `max` characters, its end an ellipsis, so every message stays small
 * whatever a site or a record holds (never through the middle of a surrogate pair).
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

const reasonOf = (notice: Notice) => clip(notice.event.reason, alarmTextLimits.reason);
const siteNameOf = (notice: Notice) => clip(notice.site.name, alarmTextLimits.name);
const channelNameOf = (notice: Notice) => clip(notice.channelName ?? '', alarmTextLimits.name);

/** "14:32 UTC, 15 July 2026". */
function timeText(ms: number): string {
  const date = new Date(ms);
  const day = date.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${date.toISOString().slice(11, 16)} UTC, ${day}`;
}

/**
 * The one line every channel leads with: "STOP at Pocahontas yard (was CLEAR)". `escape` is the
 * channel's markup escape, for the names in it (ours around them is plain words).
 */
export function headline(notice: Notice, escape = (text: string) => text): string {
  const { event } = notice;
  if (notice.kind === 'test')
    return `Test from Skydeck: the channel "${escape(channelNameOf(notice))}" works`;
  const level = levelLabels[event.to];
  const site = escape(siteNameOf(notice));
  if (notice.kind === 'drill') return `DRILL: ${level} at ${site} (a drill; no site changed level)`;
  if (notice.outlook)
    return `Forecast ${noGoLabel} for ${notice.outlook.when} (${dayText(notice.outlook.date)}) at ${site}`;
  if (notice.kind === 'escalation')
    return `Reminder ${notice.escalation}: ${level} at ${site} is not yet acknowledged`;
  if (notice.opening) return `${level} at ${site} as the working day starts`;
  if (event.to === 'clear') return `All clear at ${site} (was ${levelLabels[event.from]})`;
  return `${level} at ${site} (was ${levelLabels[event.from]})`;
}

export function genericBody(notice: Notice): WebhookBody {
  const { event, site } = notice;
  return {
    event: {
      id: event.id,
      site_id: event.siteId,
      at: new Date(event.at).toISOString(),
      from: event.from,
      to: event.to,
      reason: reasonOf(notice),
    },
    site: { ...site, name: siteNameOf(notice) },
    url: notice.url,
    kind: notice.kind,
    escalation: notice.escalation,
    ...(notice.outlook
      ? {
          outlook: {
            date: notice.outlook.date,
            verdict: 'no_go' as const,
            reasons: notice.outlook.reasons.map((reason) => clip(reason, alarmTextLimits.reason)),
          },
        }
      : {}),
  };
}

/**
 * Slack reads &, < and > as markup (`<!channel>` pings everyone), in `text` as in the blocks:
 * text from sites is escaped in both.
 */
const slackEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack refuses a section whose text is longer: escaping may make a bounded reason longer. */
const slackSectionMax = 3000;

/** Slack-compatible (Slack, Mattermost, Rocket.Chat): `text` is what notifications show. */
export function slackBody(notice: Notice) {
  const title = headline(notice, slackEscape);
  return {
    text: title,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: clip(`*${title}*\n${slackEscape(reasonOf(notice))}`, slackSectionMax),
        },
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `${timeText(notice.event.at)} · <${slackEscape(notice.url)}|Open the site page>`,
          },
        ],
      },
    ],
  };
}

/**
 * Teams renders a TextBlock's and a fact's text as (a subset of) CommonMark, and fills in
 * `{{DATE(…)}}`: text from sites has its markup characters backslash-escaped, a list marker at
 * its start too, and its line breaks made spaces, so a name shows as written and links nowhere.
 */
const teamsEscape = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()<>#!|~&]/g, '\\$&')
    .replace(
      /^(\s*)([-+]|\d+\.)/,
      (_match, space: string, marker: string) => `${space}${marker.replace(/[-+.]/, '\\$&')}`,
    );

const teamsColour: Record<StatusLevel, string> = {
  stop: 'Attention',
  caution: 'Warning',
  watch: 'Accent',
  clear: 'Good',
  no_data: 'Default',
};

/**
 * Microsoft Teams: an Adaptive Card in a message, the form both a Workflows webhook and a classic
 * incoming webhook take.
 */
export function teamsBody(notice: Notice) {
  const { event } = notice;
  // A forecast is a warning of a day ahead, never the colour of the site's level now.
  const colour = notice.outlook ? teamsColour.caution : teamsColour[event.to];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: headline(notice, teamsEscape),
              weight: 'Bolder',
              size: 'Medium',
              color: colour,
              wrap: true,
            },
            { type: 'TextBlock', text: teamsEscape(reasonOf(notice)), wrap: true },
            {
              type: 'FactSet',
              facts: [
                { title: 'Site', value: teamsEscape(siteNameOf(notice)) },
                notice.outlook
                  ? { title: 'Forecast', value: forecastText(notice.outlook, event.to) }
                  : {
                      title: 'Level',
                      value: `${levelLabels[event.to]} (was ${levelLabels[event.from]})`,
                    },
                { title: 'At', value: timeText(event.at) },
              ],
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open the site page', url: notice.url }],
        },
      },
    ],
  };
}

/**
 * Each HTTP kind's body. Keyed by every HTTP kind: a new kind without its body here does not
 * compile (rather than quietly sending another kind's JSON).
 */
const webhookBodies = {
  webhook: genericBody,
  slack: slackBody,
  teams: teamsBody,
} satisfies Record<HttpChannelKind, (notice: Notice) => object>;

/** The JSON a channel of `kind` is POSTed. */
export function webhookPayload(kind: HttpChannelKind, notice: Notice): string {
  return JSON.stringify(webhookBodies[kind](notice));
}

const htmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const emailColour: Record<StatusLevel, string> = {
  stop: '#b00020',
  caution: '#a35a00',
  watch: '#1f5fa8',
  clear: '#1e7b34',
  no_data: '#555555',
};

/** A forecast notice's verdict beside the site's level now: it says the level did not change. */
const forecastText = (outlook: NonNullable<Notice['outlook']>, level: StatusLevel) =>
  `${noGoLabel} on ${dayText(outlook.date)} (level now: ${levelLabels[level]})`;

/** An email naming the site, the level, the reason and the link, as plain text and as HTML. */
export function emailMessage(notice: Notice): { subject: string; text: string; html: string } {
  const { event } = notice;
  const title = headline(notice);
  const reason = reasonOf(notice);
  const site = { name: siteNameOf(notice) };
  const level = notice.outlook
    ? forecastText(notice.outlook, event.to)
    : `${levelLabels[event.to]} (was ${levelLabels[event.from]})`;
  const levelName = notice.outlook ? 'Forecast' : 'Level';
  // The values in a column, after the longest name.
  const line = (name: string, value: string) =>
    `${`${name}:`.padEnd(levelName.length + 3)}${value}`;
  const when = timeText(event.at);
  const text = [
    title,
    '',
    line('Site', site.name),
    line(levelName, level),
    line('Reason', reason),
    line('At', when),
    '',
    `Site page: ${notice.url}`,
    '',
    '-- Skydeck',
  ].join('\n');
  const row = (name: string, value: string) =>
    `<tr><th align="left" style="padding:2px 12px 2px 0">${name}</th><td>${htmlEscape(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="color:${emailColour[notice.outlook ? 'caution' : event.to]}">${htmlEscape(title)}</h2>`,
    '<table>',
    row('Site', site.name),
    row(levelName, level),
    row('Reason', reason),
    row('At', when),
    '</table>',
    `<p><a href="${htmlEscape(notice.url)}">Open the site page</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${title} — Skydeck`, text, html };
}

/**
 * GSM 03.38: the characters one 7-bit SMS segment carries (160 of them), and those its escape
 * table adds, which take two places each. Any other character makes the whole text UCS-2, where a
 * segment holds 70 UTF-16 units.
 */
const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const gsmExtended = new Set('^{}\\[~]|€\f');
export const smsSegment = { gsm: 160, ucs2: 70 } as const;

/** Characters outside GSM-7 a text from a site often holds, in GSM-7 words. */
const gsmSpellings: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '·': '-',
  '•': '-',
  '°': ' deg',
  '≥': '>=',
  '≤': '<=',
  '→': '->',
  '×': 'x',
  '\u00a0': ' ',
  '\t': ' ',
};

/**
 * `text` in GSM-7 where it can be: typographic quotes, dashes and symbols spelt plainly, accents
 * GSM-7 lacks dropped (ő → o; é, ü and ñ are GSM-7 and stay). A character with no such spelling
 * (北, an emoji) stays, and the text goes as UCS-2.
 */
export function toGsm(text: string): string {
  let out = '';
  for (const char of text.replace(/°([CF])\b/g, '$1')) {
    if (gsmBasic.has(char) || gsmExtended.has(char)) out += char;
    else if (gsmSpellings[char] !== undefined) out += gsmSpellings[char];
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...bare].every((c) => gsmBasic.has(c)) ? bare : char;
    }
  }
  return out;
}

/** A text's length as one SMS counts it, and the most one segment of its encoding holds. */
export function smsLength(text: string): { length: number; max: number } {
  let septets = 0;
  for (const char of text) {
    if (gsmBasic.has(char)) septets += 1;
    else if (gsmExtended.has(char)) septets += 2;
    else return { length: text.length, max: smsSegment.ucs2 };
  }
  return { length: septets, max: smsSegment.gsm };
}

const fitsOneSegment = (text: string) => {
  const { length, max } = smsLength(text);
  return length <= max;
};

/** The first `count` characters of `chars`, its end "..." when cut (never mid surrogate pair). */
const cut = (chars: string[], count: number) => {
  if (count >= chars.length) return chars.join('');
  return count <= 0 ? '' : `${chars.slice(0, Math.max(0, count - 3)).join('')}...`;
};

/** The shortest a cut reason or name is worth keeping. */
const smsMinReason = 12;
const smsMinName = 6;
/** A site's name, cut to this first when the whole does not fit, leaves room for the reason. */
const smsShortName = 24;

/**
 * An SMS: the headline (its level in full), the reason, the site's link, in one segment where it
 * can be: the name is cut to a short one, then the reason to what room is left; if even a short
 * reason does not fit, it is left out and the name cut to fit. Only a link too long for one
 * segment (a long PUBLIC_URL) makes it longer.
 */
export function smsText(notice: Notice): string {
  const name = [...toGsm(notice.kind === 'test' ? channelNameOf(notice) : siteNameOf(notice))];
  const reason = [...toGsm(reasonOf(notice).replace(/\s+/g, ' ').trim())];
  const build = (nameLength: number, reasonLength: number) => {
    const named = cut(name, nameLength);
    const lead = headline({
      ...notice,
      site: { ...notice.site, name: named },
      channelName: named,
    });
    const why = cut(reason, reasonLength);
    return `${toGsm(lead)}${why ? `: ${why}` : ''} ${notice.url}`;
  };
  if (fitsOneSegment(build(name.length, reason.length))) return build(name.length, reason.length);
  const short = Math.min(name.length, smsShortName);
  for (let length = reason.length; length >= smsMinReason; length--)
    if (fitsOneSegment(build(short, length))) return build(short, length);
  for (let length = name.length; length >= smsMinName; length--)
    if (fitsOneSegment(build(length, 0))) return build(length, 0);
  return build(smsMinName, 0);
}

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * A voice call's TwiML: the headline said twice (whoever answers mid-sentence hears it whole the
 * second time), a pause between.
 */
export function voiceTwiml(notice: Notice): string {
  const say = `<Say>${xmlEscape(headline(notice))}</Say>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${say}<Pause length="1"/>${say}</Response>`;
}

/**
 * What each phone kind asks the Twilio-compatible API for: the resource under the account and
 * the form fields besides To and From. Keyed by every phone kind, like the webhook bodies.
 */
export const phoneRequests = {
  sms: (notice: Notice) => ({ resource: 'Messages.json', fields: { Body: smsText(notice) } }),
  voice: (notice: Notice) => ({ resource: 'Calls.json', fields: { Twiml: voiceTwiml(notice) } }),
} satisfies Record<
  PhoneChannelKind,
  (notice: Notice) => { resource: string; fields: Record<string, string> }
>;
