import { sitePagePath } from '../../shared/api/channels';
import { ruleTitles } from '../../shared/safety/policy-fields';
import type { StatusLevel } from '../../shared/safety/site-policy';
import { type RuleName, ruleNames } from '../../shared/safety/site-status';
import { headline, type Notice } from '../alarms/messages';
import { element, xmlDocument } from './xml';

/**
 * A site's status as CAP 1.2 (OASIS Common Alerting Protocol), for sirens, signage and emergency
 * systems: built from the event log alone, so every replica gives the same message, with the same
 * identifier, for the same level change. One message per change of level:
 *
 * - to stop or caution: `Alert` when it opens an episode (or follows nothing but no data), else
 *   `Update`; to no_data: `Update` of what stands, or an `Alert` of unknown severity when
 *   nothing stood; to watch or clear from any of those: `Cancel` (the all-clear). A change
 *   between watch and clear is no message: the last one stands.
 * - Every `Update` and `Cancel` references the episode's earlier messages.
 * - A site nobody has judged yet is no_data since it was added: the history starts with that
 *   (sequence 0, at the site's creation), so even a new site's first all-clear is backed by
 *   fresh data and never assumed.
 */

export const capNamespace = 'urn:oasis:names:tc:emergency:cap:1.2';
export const capMediaType = 'application/cap+xml';

/**
 * How long a consumer holds an `Alert` or `Update` if it hears nothing more (a Cancel ends it
 * sooner): long enough that a stop outlives a feed lost for hours, short enough that a sign
 * does not say STOP for days after Skydeck went silent.
 */
const alertHoldMs = 12 * 3600_000;
/** A Cancel, a drill: told at once, then of no further use. */
const noticeHoldMs = 3600_000;
/** A drill stays in the Atom feed this long: a siren system polling it sees the exercise. */
export const drillFeedMs = 15 * 60_000;

/** One level change of a site as the event log holds it. */
export interface CapTransition {
  /** The site's transition number (0: the site added, not yet judged). */
  seq: number;
  /** Epoch ms. */
  at: number;
  from: StatusLevel;
  to: StatusLevel;
  /** The rule that decided the level (lightning, wind, alerts, aqi, heat; `data` for no data). */
  rule: string;
  /** Every reason at the time, in the record's words. */
  evidence: readonly string[];
}

export interface CapSite {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** The policy's lightning stop ring (km): the area the alert is for. */
  stopRingKm: number;
  /** The page `web` links (a path under PUBLIC_URL); absent: the site's page on the board. */
  webPath?: string;
}

/** Where messages come from: `sender` is PUBLIC_URL's host; links start at `publicUrl`. */
export interface CapOrigin {
  sender: string;
  publicUrl: string;
}

type AlertLevel = 'stop' | 'caution';
type MsgType = 'Alert' | 'Update' | 'Cancel';

/** A message CAP's `references` names: `sender,identifier,sent`. */
interface CapReference {
  identifier: string;
  sent: number;
}

/** The message a level change makes, and what it refers to. */
export interface CapStep {
  msgType: MsgType;
  transition: CapTransition;
  references: readonly CapReference[];
  /**
   * The stop or caution of the episode: for an Update to no_data, what still stands; for a
   * Cancel, what ends. Null when the episode had no data only.
   */
  standing: { level: AlertLevel; rule: string } | null;
}

const isAlertLevel = (level: StatusLevel): level is AlertLevel =>
  level === 'stop' || level === 'caution';

export const siteIdentifier = (siteId: string, seq: number) => `site-${siteId}-${seq}`;
export const drillIdentifier = (drillId: string) => `drill-${drillId}`;

/** The transition a site's history starts with: no data since it was added. */
export function addedTransition(createdAt: number): CapTransition {
  return { seq: 0, at: createdAt, from: 'no_data', to: 'no_data', rule: 'data', evidence: [] };
}

/**
 * The site's latest message, from its transitions in order (oldest first). A history cut short
 * (`complete` false: older changes not read) starts in an episode when its first change left one.
 */
export function latestStep(
  siteId: string,
  transitions: readonly CapTransition[],
  complete: boolean,
): CapStep | undefined {
  const first = transitions[0];
  let open = !complete && first !== undefined && first.from !== 'clear' && first.from !== 'watch';
  let references: CapReference[] = [];
  // What stood before the history read starts: its rule is not on hand, the next change's is.
  let standing: CapStep['standing'] =
    !complete && first !== undefined && isAlertLevel(first.from)
      ? { level: first.from, rule: first.rule }
      : null;
  let latest: CapStep | undefined;
  for (const transition of transitions) {
    const own = { identifier: siteIdentifier(siteId, transition.seq), sent: transition.at };
    if (isAlertLevel(transition.to)) {
      latest = {
        msgType: open && standing !== null ? 'Update' : 'Alert',
        transition,
        references,
        standing: { level: transition.to, rule: transition.rule },
      };
      standing = latest.standing;
    } else if (transition.to === 'no_data') {
      latest = { msgType: open ? 'Update' : 'Alert', transition, references, standing };
    } else {
      if (!open) continue;
      latest = { msgType: 'Cancel', transition, references, standing };
      open = false;
      references = [];
      standing = null;
      continue;
    }
    open = true;
    references = [...references, own];
  }
  return latest;
}

/** CAP's time: seconds, with an offset (UTC's, "+00:00"), never "Z" or fractions. */
export function capTime(epochMs: number): string {
  return `${new Date(Math.floor(epochMs / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
}

const isRule = (rule: string): rule is RuleName => (ruleNames as readonly string[]).includes(rule);

/** "Lightning stop", "Wind caution", "Heat stop": the rule's title and the level. */
export function eventName(rule: string, level: AlertLevel): string {
  return `${isRule(rule) ? ruleTitles[rule] : 'Weather'} ${level}`;
}

/** Heat is a matter of people's safety; air quality the environment's; the rest the weather's. */
function category(rule: string): 'Met' | 'Safety' | 'Env' {
  if (rule === 'heat') return 'Safety';
  if (rule === 'aqi') return 'Env';
  return 'Met';
}

const instructions = {
  stop: 'Stop outdoor activity and get to safe shelter now. Do not resume until the all-clear.',
  caution:
    'Be ready to stop: keep safe shelter within reach and be ready for a stop at short notice.',
  noDataStanding:
    'Skydeck has no current data for this site: the last stop or caution stands until fresh data ends it. Do not resume on this message.',
  noData:
    "Skydeck has no current data for this site: its status is not known. Follow the site's own procedure for lost weather data.",
  cancel: 'The alert is over: activity may resume.',
  drill: 'This is a drill: take no action. No site changed level.',
} as const;

interface InfoFields {
  category: string;
  event: string;
  responseType: string;
  urgency: string;
  severity: string;
  certainty: string;
  expires: number;
  headline: string;
  description: string;
  instruction: string;
}

function notice(site: CapSite, transition: CapTransition, kind: Notice['kind']): Notice {
  return {
    kind,
    escalation: null,
    event: {
      id: transition.seq,
      siteId: site.id,
      at: transition.at,
      from: transition.from,
      to: transition.to,
      reason: transition.evidence[0] ?? '',
    },
    site: { id: site.id, name: site.name, lat: site.lat, lon: site.lon },
    url: '',
  };
}

/** The evidence in words, or what a change without any says. */
function description(transition: CapTransition, fallback: string): string {
  return transition.evidence.length > 0 ? transition.evidence.join('\n') : fallback;
}

function infoOf(site: CapSite, step: CapStep): InfoFields {
  const { transition, standing } = step;
  const title = headline(notice(site, transition, 'change'));
  if (step.msgType === 'Cancel') {
    return {
      category: category(standing?.rule ?? 'data'),
      event: standing ? eventName(standing.rule, standing.level) : 'No current data',
      responseType: 'AllClear',
      urgency: 'Past',
      severity: 'Minor',
      certainty: 'Observed',
      expires: transition.at + noticeHoldMs,
      headline: title,
      description: description(transition, 'Fresh data: nothing calls for caution or a stop.'),
      instruction: instructions.cancel,
    };
  }
  if (transition.to === 'no_data') {
    const stands = standing !== null;
    return {
      category: category(standing?.rule ?? 'data'),
      event: stands ? eventName(standing.rule, standing.level) : 'No current data',
      responseType: stands ? (standing.level === 'stop' ? 'Shelter' : 'Prepare') : 'Monitor',
      // What stood still stands at its own weight: a consumer must not take an Update of
      // lesser severity as the all-clear nobody can give without data.
      urgency: stands ? 'Immediate' : 'Unknown',
      severity: stands ? severity(standing.level) : 'Unknown',
      certainty: stands ? 'Likely' : 'Unknown',
      expires: transition.at + alertHoldMs,
      headline: title,
      description: description(transition, 'No current data since the site was added.'),
      instruction: stands ? instructions.noDataStanding : instructions.noData,
    };
  }
  const level = transition.to as AlertLevel;
  return {
    category: category(transition.rule),
    event: eventName(transition.rule, level),
    responseType: level === 'stop' ? 'Shelter' : 'Prepare',
    urgency: 'Immediate',
    severity: severity(level),
    certainty: 'Observed',
    expires: transition.at + alertHoldMs,
    headline: title,
    description: description(transition, title),
    instruction: instructions[level],
  };
}

const severity = (level: AlertLevel) => (level === 'stop' ? 'Severe' : 'Moderate');

/** A coordinate as CAP's WGS 84 decimal degrees, to about a metre. */
const degrees = (value: number) => String(Math.round(value * 1e5) / 1e5);

function alertXml(
  origin: CapOrigin,
  site: CapSite,
  header: {
    identifier: string;
    sent: number;
    status: 'Actual' | 'Exercise';
    msgType: MsgType;
    references: readonly CapReference[];
  },
  info: InfoFields,
): string {
  const text = (name: string, value: string) => element(name, value);
  const references = header.references
    .map((ref) => `${origin.sender},${ref.identifier},${capTime(ref.sent)}`)
    .join(' ');
  return xmlDocument(
    element(
      'alert',
      [
        text('identifier', header.identifier),
        text('sender', origin.sender),
        text('sent', capTime(header.sent)),
        text('status', header.status),
        text('msgType', header.msgType),
        text('scope', 'Public'),
        header.references.length > 0 ? text('references', references) : undefined,
        element('info', [
          text('language', 'en-US'),
          text('category', info.category),
          text('event', info.event),
          text('responseType', info.responseType),
          text('urgency', info.urgency),
          text('severity', info.severity),
          text('certainty', info.certainty),
          text('effective', capTime(header.sent)),
          text('expires', capTime(info.expires)),
          text('senderName', `Skydeck (${origin.sender})`),
          text('headline', info.headline),
          text('description', info.description),
          text('instruction', info.instruction),
          text('web', `${origin.publicUrl}${site.webPath ?? sitePagePath(site.id)}`),
          element('area', [
            text('areaDesc', site.name),
            text('circle', `${degrees(site.lat)},${degrees(site.lon)} ${String(site.stopRingKm)}`),
          ]),
        ]),
      ],
      { xmlns: capNamespace },
    ),
  );
}

/** A site's latest message as a CAP 1.2 document. */
export function siteCap(origin: CapOrigin, site: CapSite, step: CapStep): string {
  return alertXml(
    origin,
    site,
    {
      identifier: siteIdentifier(site.id, step.transition.seq),
      sent: step.transition.at,
      status: 'Actual',
      msgType: step.msgType,
      references: step.references,
    },
    infoOf(site, step),
  );
}

export interface CapDrill {
  id: string;
  at: number;
}

/** A drill's info: the stop it rehearses, said to be a drill throughout. */
function drillInfo(site: CapSite, drill: CapDrill): InfoFields {
  const transition: CapTransition = {
    seq: 0,
    at: drill.at,
    from: 'clear',
    to: 'stop',
    rule: 'lightning',
    evidence: [],
  };
  return {
    category: 'Met',
    event: eventName('lightning', 'stop'),
    responseType: 'None',
    urgency: 'Immediate',
    severity: 'Severe',
    certainty: 'Observed',
    expires: drill.at + drillFeedMs,
    headline: headline(notice(site, transition, 'drill')),
    description:
      'A drill: this is how a stop at this site reaches you. The site did not change level.',
    instruction: instructions.drill,
  };
}

/**
 * A drill as CAP: the stop it rehearses, through the same builder, with `status` Exercise, which
 * CAP consumers keep apart from real alerts (a siren system can sound its test pattern).
 */
export function drillCap(origin: CapOrigin, site: CapSite, drill: CapDrill): string {
  return alertXml(
    origin,
    site,
    {
      identifier: drillIdentifier(drill.id),
      sent: drill.at,
      status: 'Exercise',
      msgType: 'Alert',
      references: [],
    },
    drillInfo(site, drill),
  );
}

/** One Atom entry: a message in force, linked by its URL. */
export interface FeedEntry {
  identifier: string;
  title: string;
  summary: string;
  /** Epoch ms: the message's `sent`. */
  updated: number;
  /** The message's own URL. */
  href: string;
}

/** Atom's time: RFC 3339, UTC. */
const atomTime = (epochMs: number) => new Date(epochMs).toISOString();

/** The Atom feed of messages in force (RFC 4287), newest first. */
export function capFeed(origin: CapOrigin, entries: readonly FeedEntry[], now: number): string {
  const sorted = [...entries].sort((a, b) => b.updated - a.updated);
  const self = `${origin.publicUrl}/api/cap.atom`;
  const text = (name: string, value: string) => element(name, value);
  return xmlDocument(
    element(
      'feed',
      [
        text('id', self),
        text('title', `Skydeck site alerts (${origin.sender})`),
        text('updated', atomTime(sorted[0]?.updated ?? now)),
        element('author', [text('name', `Skydeck (${origin.sender})`)]),
        element('link', [], { rel: 'self', href: self, type: 'application/atom+xml' }),
        ...sorted.map((entry) =>
          element('entry', [
            text('id', `${entry.href}#${entry.identifier}`),
            text('title', entry.title),
            text('updated', atomTime(entry.updated)),
            text('summary', entry.summary),
            element('link', [], { rel: 'alternate', href: entry.href, type: capMediaType }),
          ]),
        ),
      ],
      { xmlns: 'http://www.w3.org/2005/Atom' },
    ),
  );
}

/** A site's message as a feed entry: its headline and instruction. */
export function siteEntry(origin: CapOrigin, site: CapSite, step: CapStep): FeedEntry {
  const info = infoOf(site, step);
  return {
    identifier: siteIdentifier(site.id, step.transition.seq),
    title: info.headline,
    summary: `${info.event}: ${info.instruction}`,
    updated: step.transition.at,
    href: `${origin.publicUrl}/api/cap/sites/${encodeURIComponent(site.id)}`,
  };
}

/** A drill as a feed entry. */
export function drillEntry(origin: CapOrigin, site: CapSite, drill: CapDrill): FeedEntry {
  return {
    identifier: drillIdentifier(drill.id),
    title: drillInfo(site, drill).headline,
    summary: instructions.drill,
    updated: drill.at,
    href: `${origin.publicUrl}/api/cap/drills/${encodeURIComponent(drill.id)}`,
  };
}

/** The messages of a site's history a feed lists: those in force (not a Cancel). */
export const inForce = (step: CapStep | undefined): step is CapStep =>
  step !== undefined && step.msgType !== 'Cancel';

/** Sender from PUBLIC_URL: its host, which CAP asks to be globally unique (a domain name). */
export function capOrigin(publicUrl: string): CapOrigin {
  return { sender: new URL(publicUrl).host, publicUrl };
}
