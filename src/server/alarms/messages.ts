import { alarmTextLimits, type HttpChannelKind, type WebhookBody } from '../../shared/api/channels';
import { levelLabels } from '../../shared/safety/level-labels';
import type { StatusLevel } from '../../shared/safety/site-policy';

/** One thing to tell a channel: a level change, a reminder of an unacknowledged stop, or a test. */
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
}

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
              color: teamsColour[event.to],
              wrap: true,
            },
            { type: 'TextBlock', text: teamsEscape(reasonOf(notice)), wrap: true },
            {
              type: 'FactSet',
              facts: [
                { title: 'Site', value: teamsEscape(siteNameOf(notice)) },
                {
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

/** An email naming the site, the level, the reason and the link, as plain text and as HTML. */
export function emailMessage(notice: Notice): { subject: string; text: string; html: string } {
  const { event } = notice;
  const title = headline(notice);
  const reason = reasonOf(notice);
  const site = { name: siteNameOf(notice) };
  const level = `${levelLabels[event.to]} (was ${levelLabels[event.from]})`;
  const when = timeText(event.at);
  const text = [
    title,
    '',
    `Site:   ${site.name}`,
    `Level:  ${level}`,
    `Reason: ${reason}`,
    `At:     ${when}`,
    '',
    `Site page: ${notice.url}`,
    '',
    '-- Skydeck',
  ].join('\n');
  const row = (name: string, value: string) =>
    `<tr><th align="left" style="padding:2px 12px 2px 0">${name}</th><td>${htmlEscape(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="color:${emailColour[event.to]}">${htmlEscape(title)}</h2>`,
    '<table>',
    row('Site', site.name),
    row('Level', level),
    row('Reason', reason),
    row('At', when),
    '</table>',
    `<p><a href="${htmlEscape(notice.url)}">Open the site page</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${title} — Skydeck`, text, html };
}
