import { z } from 'zod';
import { clientConfigSchema } from '../../shared/api/client-config';
import {
  checkPoint,
  endpointPaths,
  endpointSchemas,
  type EndpointPath,
} from '../../shared/api/endpoints';
import { checkLocation, numericParams } from '../../shared/api/params';
import { apiErrorSchema, healthSchema, readySchema } from '../../shared/api/health';
import {
  auditResponseSchema,
  operatorsResponseSchema,
  savedOperatorSchema,
} from '../../shared/api/operator-answers';
import {
  placeAtParams,
  placeAtSchema,
  placeSearchParams,
  placeSearchSchema,
} from '../../shared/api/places';
import {
  auditQuery,
  deliveriesQuery,
  eventsQuery,
  quotaCostQuery,
  standdownQuery,
  stationReadingsLimits,
  stationReadingsQuery,
  streamQuery,
} from '../../shared/api/queries';
import { standdownResponseSchema } from '../../shared/api/report-answers';
import { outlookResponseSchema } from '../../shared/api/outlook-answers';
import { quotaCostSchema, quotaSchema } from '../../shared/api/quota';
import {
  type ApiRouteKey,
  type BffRouteKey,
  bffRoutes,
  type RouteAccess,
  routeMethod,
  routePath,
} from '../../shared/api/routes';
import {
  channelResponseSchema,
  channelsResponseSchema,
  deliveriesResponseSchema,
  drillResponseSchema,
  drillsResponseSchema,
  savedChannelSchema,
  testResultSchema,
} from '../../shared/api/channel-answers';
import {
  createChannelSchema,
  drillIntervalSeconds,
  updateChannelSchema,
} from '../../shared/api/channels';
import { publicStatusSchema, shareResponseSchema } from '../../shared/api/public-status';
import {
  ackSchema,
  createSiteSchema,
  createStationSchema,
  updateSiteSchema,
  updateStationSchema,
} from '../../shared/api/watch';
import {
  createPushSubscriptionSchema,
  pushKeyResponseSchema,
  pushLimits,
  publicPushLimits,
  publicPushSubscribeSchema,
  publicPushUnsubscribeSchema,
  pushSubscriptionsResponseSchema,
  savedPushSubscriptionSchema,
} from '../../shared/api/push';
import {
  ackResponseSchema,
  eventsResponseSchema,
  createdStationSchema,
  savedSiteSchema,
  savedStationSchema,
  sessionSchema,
  siteResponseSchema,
  sitesResponseSchema,
  stationReadingsResponseSchema,
  stationsResponseSchema,
} from '../../shared/api/watch-answers';
import { physicalRanges, uploadFields } from '../stations/uploads';
import { stationUploadsPerMinute, uploadBodyMaxBytes } from '../stations/station-routes';
import { responseSchema } from '../routes/response-schemas';
import {
  changeOperatorSchema,
  createOperatorSchema,
  operatorPath,
} from '../watch/auth/operator-routes';
import { credentialsSchema } from '../watch/auth/passwords';
import { setupSchema } from '../watch/auth/session-routes';
import { csrfRule, sessionCookie } from '../watch/auth/sessions';
import { eventPath } from '../watch/routes';

/** What a route answers when it works: JSON of `schema`, or another media type. */
interface Answer {
  status?: 200 | 201 | 202 | 204;
  description: string;
  schema?: z.ZodType;
  /** Also answers as CSV (`format=csv`). */
  csv?: true;
  /** A media type other than JSON (the stream, the docs page). */
  media?:
    | 'text/event-stream'
    | 'text/html'
    | 'text/plain'
    | 'application/cap+xml'
    | 'application/atom+xml';
  /** The provider's JSON, passed on as it came once checked: `schema`'s input side. */
  passedOn?: true;
}

/** A route's part of the document: the route table says who may call it, this what it takes. */
interface RouteDoc {
  summary: string;
  description?: string;
  tag: string;
  path?: z.ZodObject;
  query?: z.ZodObject;
  /** Query parameters a rule across them requires, which the schema alone does not say. */
  requiredQuery?: string[];
  body?: z.ZodType;
  answer: Answer;
  /** Refusals this route gives besides those its access and its inputs bring. */
  errors?: Partial<Record<number, string>>;
  /** A refusal whose body is not the error shape (readiness answers 503 with its report). */
  refusalBody?: { status: number; schema: z.ZodType };
}

const record = z.record(z.string(), z.unknown());
const siteId = z.object({ id: z.string().meta({ description: 'The site id' }) });
const shareToken = z.object({ token: z.string().meta({ description: 'The status link token' }) });
const channelId = z.object({ id: z.string().meta({ description: 'The channel id' }) });
const stationId = z.object({ id: z.string().meta({ description: 'The station id' }) });
const uploadRules =
  `Fields read (others are ignored): ${uploadFields.join(', ')}. An empty field or -9999 is no ` +
  'reading; a field that is not a number is a 400 naming it, and one out of physical range ' +
  `(${Object.entries(physicalRanges)
    .map(([name, range]) => `${name} ${range.min} to ${range.max} ${range.unit}`)
    .join(', ')}) is refused. A reading dated in the future or more than 10 minutes ago is ` +
  `kept but not used by the watch. At most ${stationUploadsPerMinute} uploads a station a minute.`;
const wuQuery = z.object({
  ID: z.string().meta({ description: 'The station id' }),
  PASSWORD: z.string().meta({ description: 'The station key POST /stations answered' }),
  dateutc: z.string().optional().meta({ description: '`now`, or `YYYY-MM-DD HH:MM:SS` in UTC' }),
});
const stationUploadErrors = {
  401: 'Wrong station key',
  429: `Over ${stationUploadsPerMinute} uploads a station a minute, or the per-client rate limit (Retry-After)`,
};
const appendOnly: RouteDoc = {
  tag: 'events',
  summary: 'Refused: events are a permanent record',
  answer: { status: 204, description: 'Never: the event log cannot be changed or deleted' },
  errors: { 405: 'Events cannot be changed or deleted (Allow names what can be done)' },
};

const bffDocs: Record<BffRouteKey, RouteDoc> = {
  'GET /health': {
    tag: 'operations',
    summary: 'Liveness: the process answers',
    answer: { description: 'Alive', schema: healthSchema },
  },
  'GET /ready': {
    tag: 'operations',
    summary: 'Readiness: whether this instance should be sent traffic',
    answer: { description: 'Ready (503 with the same body when not)', schema: readySchema },
    errors: { 503: 'Not ready: the database, storage or draining' },
    refusalBody: { status: 503, schema: readySchema },
  },
  'GET /config': {
    tag: 'operations',
    summary: "The SPA's start-up settings: mode, basemap, plan",
    answer: { description: 'The settings', schema: clientConfigSchema },
  },
  'GET /openapi.json': {
    tag: 'operations',
    summary: 'This document (OpenAPI 3.1)',
    answer: { description: 'The document', schema: record },
  },
  'GET /docs': {
    tag: 'operations',
    summary: 'This document as a readable page',
    answer: { description: 'An HTML page', media: 'text/html' },
  },
  'GET /places': {
    tag: 'places',
    summary: 'Search places by name (offline gazetteer)',
    query: placeSearchParams,
    answer: { description: 'The places found', schema: placeSearchSchema },
  },
  'GET /places/at': {
    tag: 'places',
    summary: 'The nearest named place to a point',
    query: placeAtParams,
    answer: { description: 'The place', schema: placeAtSchema },
  },
  'GET /quota': {
    tag: 'quota',
    summary: "Today's spend of provider units and what is left",
    answer: { description: 'The quota', schema: quotaSchema },
  },
  'GET /quota/cost': {
    tag: 'quota',
    summary: 'What a history request would cost, before anything is spent',
    description:
      "Takes the history endpoint in `endpoint` and that endpoint's own parameters (see its route).",
    query: quotaCostQuery,
    answer: { description: 'The cost', schema: quotaCostSchema },
  },
  'GET /session': {
    tag: 'session',
    summary: 'Who is signed in, and whether the first account is still to be made',
    answer: { description: 'The session', schema: sessionSchema },
  },
  'POST /session': {
    tag: 'session',
    summary: 'Sign in: sets the session cookie',
    body: credentialsSchema,
    answer: { status: 204, description: 'Signed in (Set-Cookie)' },
    errors: {
      401: 'Wrong username or password',
      403: 'The account is disabled, or no write header',
      429: 'Too many failed sign-ins from this address',
    },
  },
  'DELETE /session': {
    tag: 'session',
    summary: 'Sign out',
    answer: { status: 204, description: 'Signed out' },
  },
  'POST /setup': {
    tag: 'session',
    summary: 'Make the first admin account with the setup code the server logged',
    body: setupSchema,
    answer: { status: 204, description: 'Made and signed in (Set-Cookie)' },
    errors: {
      403: 'Wrong setup code, or no write header',
      409: 'Skydeck already has an operator',
      429: 'Too many wrong setup codes from this address',
    },
  },
  'GET /operators': {
    tag: 'operators',
    summary: 'The operator accounts',
    answer: { description: 'The accounts', schema: operatorsResponseSchema },
  },
  'POST /operators': {
    tag: 'operators',
    summary: 'Add an operator account',
    body: createOperatorSchema,
    answer: { status: 201, description: 'The account made', schema: savedOperatorSchema },
    errors: { 409: 'An operator of that name exists' },
  },
  'PATCH /operators/:username': {
    tag: 'operators',
    summary: "Change an account's role, or disable or enable it",
    path: operatorPath,
    body: changeOperatorSchema,
    answer: { description: 'The account as changed', schema: savedOperatorSchema },
    errors: { 404: 'No such operator', 409: 'At least one enabled admin must remain' },
  },
  'GET /audit': {
    tag: 'operators',
    summary: 'The audit record: who changed what, newest first',
    query: auditQuery,
    answer: {
      description: 'A page of entries (or CSV)',
      csv: true,
      schema: auditResponseSchema,
    },
  },
  'GET /sites': {
    tag: 'sites',
    summary: 'The watched sites with their status, and the watch’s projected spend',
    answer: { description: 'The sites', schema: sitesResponseSchema },
  },
  'POST /sites': {
    tag: 'sites',
    summary: 'Watch a new site',
    body: createSiteSchema,
    answer: { status: 201, description: 'The site made', schema: savedSiteSchema },
    errors: { 409: 'The watch would spend past the daily limit (body adds `spend`)' },
  },
  'GET /sites/:id': {
    tag: 'sites',
    summary: 'One site and its latest changes',
    path: siteId,
    answer: { description: 'The site', schema: siteResponseSchema },
    errors: { 404: 'No such site' },
  },
  'PATCH /sites/:id': {
    tag: 'sites',
    summary: "Change a site's name, place, notes, policy, windows or forecast notice",
    path: siteId,
    body: updateSiteSchema,
    answer: { description: 'The site as changed', schema: savedSiteSchema },
    errors: {
      404: 'No such site',
      409: 'The watch would spend past the daily limit (body adds `spend`)',
    },
  },
  'DELETE /sites/:id': {
    tag: 'sites',
    summary: 'Stop watching a site (its events stay)',
    path: siteId,
    answer: { status: 204, description: 'Deleted' },
    errors: { 404: 'No such site' },
  },
  'POST /sites/:id/drill': {
    tag: 'alarms',
    summary: 'Run a drill: every channel that would hear a stop here gets a message marked DRILL',
    description:
      "The site's level does not change and no event is recorded; the drill is kept with who " +
      'started it and the channels sent to (`GET /sites/{id}/drills`), its attempts in the ' +
      'delivery log under kind `drill:<id>`. Webhooks get `kind: "drill"`; Slack, Teams and ' +
      'email text starts "DRILL".',
    path: siteId,
    answer: {
      status: 202,
      description: 'The drill, its messages on their way',
      schema: drillResponseSchema,
    },
    errors: {
      404: 'No such site',
      429: `At most one drill a site every ${drillIntervalSeconds} seconds (Retry-After says when)`,
    },
  },
  'GET /sites/:id/drills': {
    tag: 'alarms',
    summary: "A site's drills, newest first, with what each sent",
    path: siteId,
    answer: { description: 'The drills', schema: drillsResponseSchema },
    errors: { 404: 'No such site' },
  },
  'GET /sites/:id/outlook': {
    tag: 'sites',
    summary: "Go, marginal or no_go for each day of the 16-day forecast, by the site's policy",
    description:
      'Wind and gusts against the wind limits, a thunderstorm day marginal, the heat index of ' +
      'the day’s high at its mean humidity against the heat limits, and the worst hour of the ' +
      '72-hour air-quality forecast against the AQI limits. A rule the forecast cannot judge ' +
      'makes a day at least marginal. Fetched through the BFF’s cache (an hour), like any ' +
      'forecast request; the rules are in docs/api.md.',
    path: siteId,
    answer: { description: 'The outlook', schema: outlookResponseSchema },
    errors: {
      404: 'No such site',
      429: 'A quota budget is spent',
      502: 'The provider gave no usable daily forecast',
    },
  },
  'GET /cap/sites/:id': {
    tag: 'cap',
    summary: "A site's status as a CAP 1.2 alert, for sirens, signage and emergency systems",
    description:
      'The message of its latest level change (the identifier is the same on every replica): ' +
      '`Alert` for a new stop or caution, `Update` while it changes (or its data goes stale: ' +
      'what stood still stands), `Cancel` with `references` for the all-clear, which only fresh ' +
      'data gives. A site with no data and nothing standing is an `Alert` of Unknown severity. ' +
      '204 (no body) only when the changes read hold no message. The mapping is in docs/api.md.',
    path: siteId,
    answer: { description: 'The CAP message', media: 'application/cap+xml' },
    errors: { 404: 'No such site' },
  },
  'GET /cap/drills/:id': {
    tag: 'cap',
    summary: "A drill as CAP 1.2: the stop it rehearses, with status 'Exercise'",
    path: z.object({ id: z.string().meta({ description: 'The drill id' }) }),
    answer: { description: 'The CAP message', media: 'application/cap+xml' },
    errors: { 404: 'No such drill, or its site is no longer watched' },
  },
  'GET /cap.atom': {
    tag: 'cap',
    summary: 'An Atom feed: one entry per site with a CAP message in force, and recent drills',
    description:
      'Each entry links its CAP message (`rel="alternate"`, `type="application/cap+xml"`): ' +
      'sites at stop, caution or no data, and drills of the last 15 minutes.',
    answer: { description: 'The feed', media: 'application/atom+xml' },
  },
  'POST /sites/:id/share': {
    tag: 'sites',
    summary: "A public status link for the site: 201 when made, 200 with the site's existing one",
    description:
      'The link is `/s/<token>` (a page anyone may open, and frame from EMBED_ORIGINS); the ' +
      'token is 144 random bits. A site has at most one link: asking again answers it.',
    path: siteId,
    answer: { status: 201, description: 'The link', schema: shareResponseSchema },
    errors: { 404: 'No such site' },
  },
  'DELETE /sites/:id/share': {
    tag: 'sites',
    summary: "Revoke the site's public status link: it answers 404 at once, on every replica",
    path: siteId,
    answer: { status: 204, description: 'Revoked' },
    errors: { 404: 'No such site, or it has no link' },
  },
  'GET /public/:token': {
    tag: 'public',
    summary: "A shared site's status, as its public page shows it (no policy, channel or place)",
    path: shareToken,
    answer: { description: 'The status', schema: publicStatusSchema },
    errors: { 404: 'No such link (never made, or revoked)' },
  },
  'GET /public/:token/cap': {
    tag: 'public',
    summary:
      "A shared site's status as a CAP 1.2 alert, for a siren or sign outside the control room",
    description:
      'The same message as `GET /cap/sites/{id}` (identifier, type and references alike), its ' +
      '`web` the public page `/s/{token}`. 204 as there; 404 once the link is revoked.',
    path: shareToken,
    answer: { description: 'The CAP message', media: 'application/cap+xml' },
    errors: { 404: 'No such link (never made, or revoked)' },
  },
  'GET /public/:token/stream': {
    tag: 'public',
    summary: "A shared site's status, live (server-sent events)",
    description:
      'Event `status` (the same JSON as `GET /public/{token}`) at once and on every change; ' +
      '`revoked` when the link is revoked, after which the stream ends.',
    path: shareToken,
    answer: { description: 'An event stream', media: 'text/event-stream' },
    errors: {
      404: 'No such link (never made, or revoked)',
      429: 'Too many live streams from this client',
    },
  },
  'POST /public/:token/push': {
    tag: 'public',
    summary: 'Notify me: Web Push to this browser when the shared site changes level',
    description:
      'Anonymous (no session; the write header as for any write). The body is the browser’s ' +
      'PushSubscription (`toJSON()`; the key from `GET /push/key`); the endpoint passes the ' +
      'webhooks’ address guard. It follows that one site, entering or leaving stop and caution ' +
      '(the all-clear included; a drill is titled DRILL), and opens the public page. The same ' +
      'browser again replaces its subscription. Revoking the link or deleting the site deletes ' +
      `them all. At most ${publicPushLimits.perSite} browsers per site, and ` +
      `${publicPushLimits.perClientPerMinute} subscribes a minute per client address and link.`,
    path: shareToken,
    body: publicPushSubscribeSchema,
    answer: { status: 201, description: 'Subscribed', schema: savedPushSubscriptionSchema },
    errors: {
      404: 'No such link (never made, or revoked)',
      409: `The site has ${publicPushLimits.perSite} subscribers already, or the browser is an operator’s`,
      429: 'Too many subscribes from this client to this link',
    },
  },
  'DELETE /public/:token/push': {
    tag: 'public',
    summary: 'Stop notifications: the browser gives its endpoint, which only it knows',
    path: shareToken,
    body: publicPushUnsubscribeSchema,
    answer: { status: 204, description: 'Unsubscribed' },
    errors: { 404: 'No such link, or this browser is not subscribed to it' },
  },
  'GET /events': {
    tag: 'events',
    summary: 'The event log: level changes, newest first',
    query: eventsQuery,
    answer: {
      description: 'A page of events (or CSV)',
      csv: true,
      schema: eventsResponseSchema,
    },
  },
  'POST /events/:id/ack': {
    tag: 'events',
    summary: 'Acknowledge an event, with a note',
    path: eventPath,
    body: ackSchema,
    answer: { description: 'The event acknowledged', schema: ackResponseSchema },
    errors: { 404: 'No such event', 409: 'Already acknowledged' },
  },
  'PUT /events': appendOnly,
  'PATCH /events': appendOnly,
  'DELETE /events': appendOnly,
  'PUT /events/:id': { ...appendOnly, path: eventPath },
  'PATCH /events/:id': { ...appendOnly, path: eventPath },
  'DELETE /events/:id': { ...appendOnly, path: eventPath },
  'PUT /events/:id/ack': { ...appendOnly, path: eventPath },
  'PATCH /events/:id/ack': { ...appendOnly, path: eventPath },
  'DELETE /events/:id/ack': { ...appendOnly, path: eventPath },
  'GET /stream': {
    tag: 'events',
    summary: 'Live status and events (server-sent events)',
    description:
      'Events `status`, `event` and `ack`; resumes after `Last-Event-ID` (or `last_event_id`).',
    query: streamQuery,
    answer: { description: 'An event stream', media: 'text/event-stream' },
    errors: {
      429: 'Too many live streams from this client',
      503: 'Too many live streams are open',
    },
  },
  'GET /channels': {
    tag: 'alarms',
    summary: 'The alarm channels, and the kinds this server can send',
    description: 'Signed out, a target is shown without its credentials (`redacted`).',
    answer: { description: 'The channels', schema: channelsResponseSchema },
  },
  'POST /channels': {
    tag: 'alarms',
    summary: 'Add an alarm channel (webhook, Slack, Teams, email)',
    body: createChannelSchema,
    answer: {
      status: 201,
      description: 'The channel, with its secret this once',
      schema: savedChannelSchema,
    },
    errors: { 409: 'Skydeck holds its most channels' },
  },
  'GET /channels/:id': {
    tag: 'alarms',
    summary: 'One alarm channel',
    path: channelId,
    answer: { description: 'The channel', schema: channelResponseSchema },
    errors: { 404: 'No such channel' },
  },
  'PATCH /channels/:id': {
    tag: 'alarms',
    summary: 'Change an alarm channel',
    path: channelId,
    body: updateChannelSchema,
    answer: {
      description: 'The channel as changed',
      schema: savedChannelSchema,
    },
    errors: { 404: 'No such channel' },
  },
  'DELETE /channels/:id': {
    tag: 'alarms',
    summary: 'Delete an alarm channel',
    path: channelId,
    answer: { status: 204, description: 'Deleted' },
    errors: { 404: 'No such channel' },
  },
  'POST /channels/:id/test': {
    tag: 'alarms',
    summary: 'Send a test alarm through a channel',
    path: channelId,
    answer: { description: 'The attempt', schema: testResultSchema },
    errors: { 404: 'No such channel' },
  },
  'GET /stations': {
    tag: 'stations',
    summary: "Sites' own weather stations, with when each last reported",
    answer: { description: 'The stations (never their keys)', schema: stationsResponseSchema },
  },
  'POST /stations': {
    tag: 'stations',
    summary: 'Register a weather station; its key is answered this once',
    description:
      'Only the SHA-256 of the key (and of an Ecowitt `passkey`) is kept: the key is 128 random ' +
      'bits, so a fast hash is as safe as a slow one and keeps each upload to microseconds.',
    body: createStationSchema,
    answer: { status: 201, description: 'The station and its key', schema: createdStationSchema },
    errors: { 409: 'Another station has registered this passkey' },
  },
  'PATCH /stations/:id': {
    tag: 'stations',
    summary: 'Rename a station, move it to another site, or change its Ecowitt passkey',
    path: stationId,
    body: updateStationSchema,
    answer: { description: 'The station as changed', schema: savedStationSchema },
    errors: { 404: 'No such station', 409: 'Another station has registered this passkey' },
  },
  'DELETE /stations/:id': {
    tag: 'stations',
    summary: 'Delete a station and its readings',
    path: stationId,
    answer: { status: 204, description: 'Deleted' },
    errors: { 404: 'No such station' },
  },
  'GET /stations/:id/readings': {
    tag: 'stations',
    summary: "A station's kept readings over a window (1-minute means, bucketed when long)",
    description:
      `At most ${stationReadingsLimits.maxDays} days a request and ` +
      `${stationReadingsLimits.maxPoints} points: a longer window than ` +
      `${stationReadingsLimits.maxPoints} minutes is bucketed (\`bucket_s\`), each point's ` +
      'means over its uploads, its gust the highest. Minutes without readings are left out.',
    path: stationId,
    query: stationReadingsQuery,
    answer: { description: 'The readings, oldest first', schema: stationReadingsResponseSchema },
    errors: { 404: 'No such station' },
  },
  'GET /stations/wu/updateweatherstation.php': {
    tag: 'stations',
    summary: 'A station upload over the Weather Underground protocol (imperial units)',
    description: uploadRules,
    query: wuQuery,
    answer: { description: '`success`', media: 'text/plain' },
    errors: stationUploadErrors,
  },
  'POST /stations/ecowitt': {
    tag: 'stations',
    summary: "A station upload in Ecowitt's custom upload (a form; the station is its PASSKEY)",
    description:
      `The body is \`application/x-www-form-urlencoded\`, at most ${uploadBodyMaxBytes} bytes, ` +
      `as an Ecowitt console sends it. ${uploadRules}`,
    answer: { description: '`success`', media: 'text/plain' },
    errors: { ...stationUploadErrors, 413: 'The body is too large' },
  },
  'GET /deliveries': {
    tag: 'alarms',
    summary: 'The delivery log, newest first',
    query: deliveriesQuery,
    answer: { description: 'The attempts', schema: deliveriesResponseSchema },
  },
  'GET /reports/standdown': {
    tag: 'events',
    summary: 'Stand-down report: minutes at STOP, CAUTION and NO DATA per site and local day',
    description:
      'From the event log: each level change opens an interval the next closes, the last one ' +
      'counting to the server time (`now`, also in `X-Server-Time`). Each site is counted in ' +
      'its own zone (`sites[].timezone`), its days split at its local midnights (23 or 25 hours ' +
      'on a DST change); `timezone` is the zone the sites share, null when they differ. ' +
      '`by_rule` gives STOP minutes by the rule that decided the stop. Changes recorded off ' +
      'hours count like any other.',
    query: standdownQuery,
    answer: {
      description: 'The report (or CSV: one row per site and day)',
      csv: true,
      schema: standdownResponseSchema,
    },
    errors: { 404: 'No such site' },
  },
  'GET /push/key': {
    tag: 'alarms',
    summary: "The server's VAPID public key, for a browser's pushManager.subscribe",
    answer: {
      description: 'Base64url of the uncompressed P-256 point',
      schema: pushKeyResponseSchema,
    },
  },
  'POST /push/subscriptions': {
    tag: 'alarms',
    summary: "Send level changes to this browser by Web Push (the signed-in operator's)",
    description:
      'The body is the PushSubscription (`toJSON()`) and what it follows: `levels` (default stop ' +
      'and caution, entering or leaving) and `sites` (null: every site). The endpoint passes the ' +
      "webhooks' address guard. The same endpoint again replaces the subscription, keeping its id. " +
      `An operator has at most ${pushLimits.perOperator}.`,
    body: createPushSubscriptionSchema,
    answer: { status: 201, description: 'Subscribed', schema: savedPushSubscriptionSchema },
    errors: { 409: `The operator has ${pushLimits.perOperator} subscriptions already` },
  },
  'GET /push/subscriptions': {
    tag: 'alarms',
    summary: "The signed-in operator's push subscriptions",
    answer: { description: 'Their subscriptions', schema: pushSubscriptionsResponseSchema },
  },
  'DELETE /push/subscriptions/:id': {
    tag: 'alarms',
    summary: 'Stop pushing to one of your browsers',
    path: z.object({ id: z.string().meta({ description: 'The subscription id' }) }),
    answer: { status: 204, description: 'Deleted' },
    errors: { 404: 'No such subscription of yours' },
  },
};

/**
 * The rules across an endpoint's parameters, in the words its 400s use: which one location to
 * give, and the parameters a request without any is told it misses.
 */
function crossRules(endpoint: EndpointPath): { rules: string[]; required: string[] } {
  const schema = endpointSchemas[endpoint];
  const rules = new Set<string>();
  const required = new Set<string>();
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) => {
      const [name] = issue.path ?? [];
      if (typeof name === 'string' && name in schema.shape) required.add(name);
      else if (issue.message) rules.add(issue.message);
    },
  } as unknown as z.RefinementCtx;
  // The schema's own refinements do not run while a parameter is missing, so its two rules
  // across parameters are asked directly: one location, or a point (lat and lon).
  if ('station' in schema.shape) checkLocation({}, ctx);
  else if ('lat' in schema.shape) checkPoint({}, ctx);
  return { rules: [...rules], required: [...required] };
}

const weatherDoc = (endpoint: EndpointPath): RouteDoc => ({
  tag: 'weather',
  summary: `The provider's ${endpoint}, validated, cached and metered`,
  description: [
    ...crossRules(endpoint).rules.map((rule) => `Without it a 400 says: “${rule}”.`),
    'Answers carry `X-Cache` (HIT, MISS, STALE, COALESCED) and `Age`; ' +
      '`Cache-Control: max-age=N` asks for an answer at most N seconds old.',
  ].join('\n\n'),
  query: endpointSchemas[endpoint],
  requiredQuery: crossRules(endpoint).required,
  answer: {
    description: "The provider's answer",
    schema: responseSchema(endpoint, {}),
    passedOn: true,
  },
  errors: {
    428: 'A costly history request: repeat it with `confirm_units` (body adds `cost_units`)',
    502: 'The provider failed or answered out of contract',
    504: 'The provider did not answer in time',
  },
});

/** Every /api route's part of the document, the provider's endpoints included. */
const routeDocs = {
  ...bffDocs,
  ...(Object.fromEntries(endpointPaths.map((p) => [`GET /${p}`, weatherDoc(p)])) as Record<
    `GET /${EndpointPath}`,
    RouteDoc
  >),
} satisfies Record<ApiRouteKey, RouteDoc>;

const accessOf = (key: ApiRouteKey): RouteAccess =>
  key in bffRoutes ? bffRoutes[key as BffRouteKey] : 'open';

const accessWords: Record<RouteAccess, string> = {
  open: 'Open to all, as a kiosk reads.',
  'signed-out': 'No session needed; the write header is.',
  operator: 'A signed-in operator (or admin), and the write header.',
  admin: 'A signed-in admin (and the write header, for a write).',
  station: "A weather station's upload: its key, no session and no write header.",
  refused: 'Refused to all.',
};

type JsonSchema = Record<string, unknown>;

/**
 * The answers' shapes more than one route sends, given once under `components/schemas` and
 * referred to. Named here, server-side, not with `.meta({ id })` on the shared schemas: those are
 * the first screen's, and each name would be bytes it downloads.
 */
const components = z.registry<{ id: string }>();
components.add(sitesResponseSchema.shape.sites.element, { id: 'Site' });
components.add(eventsResponseSchema.shape.events.element, { id: 'WatchEvent' });
components.add(channelsResponseSchema.shape.channels.element, { id: 'Channel' });
components.add(deliveriesResponseSchema.shape.deliveries.element, { id: 'DeliveryAttempt' });
components.add(operatorsResponseSchema.shape.operators.element, { id: 'Operator' });
// Given twice in the report, a site's and each of its days'.
components.add(standdownResponseSchema.shape.sites.element.shape.by_rule, {
  id: 'StopMinutesByRule',
});

/** The schemas' own metadata (descriptions, formats) with the component names above. */
class DocumentMetadata extends z.core.$ZodRegistry<Record<string, unknown>> {
  override get(schema: z.core.$ZodType) {
    const id = components.get(schema)?.id;
    const meta = z.globalRegistry.get(schema);
    return id === undefined ? meta : { ...meta, id };
  }
}
const documentMetadata = new DocumentMetadata();

/**
 * A numeric parameter travels as text, and its range is checked after the text is read: the
 * document states it as the number it is, with the bounds the very schema enforces.
 */
function statedRange({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const range = numericParams.get(zodSchema as z.ZodType);
  if (!range) return;
  delete jsonSchema.pattern;
  Object.assign(jsonSchema, {
    type: range.integer ? 'integer' : 'number',
    minimum: range.min,
    maximum: range.max,
  });
}

const componentRef = (id: string) => `#/components/schemas/${id}`;

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's own), as the wire carries it: what a request
 * may send is the input side; what the BFF sends is the output side (a default it fills in is a
 * field always there), its objects open to fields added later, as the client's parse is. A named
 * answer shape lands in `into` once and is referred to; a request's side, which differs (a field
 * with a default is optional there), stays inline.
 */
const jsonSchema = (
  schema: z.ZodType,
  io: 'input' | 'output' = 'input',
  into?: Record<string, JsonSchema>,
): JsonSchema => {
  const converted: JsonSchema = z.toJSONSchema(schema, {
    io,
    ...(into && io === 'output' ? { metadata: documentMetadata } : {}),
    // Transforms and refinements are the server's checks; the text they take is what is shown.
    unrepresentable: 'any',
    override: (context) => {
      statedRange(context);
      const node = context.jsonSchema;
      if (io === 'output' && node.additionalProperties === false) delete node.additionalProperties;
    },
  });
  // The dialect is the document's (OpenAPI 3.1 is JSON Schema 2020-12), not each schema's.
  delete converted.$schema;
  const defs = (converted.$defs ?? {}) as Record<string, JsonSchema>;
  delete converted.$defs;
  if (into === undefined) return converted;
  const moved = pointRefs(converted);
  for (const [id, def] of Object.entries(defs)) {
    const shape = pointRefs(def);
    // One name, one shape: a second, different conversion under a name would be a silent lie.
    if (id in into && JSON.stringify(into[id]) !== JSON.stringify(shape))
      throw new Error(`components/schemas/${id} converts two ways`);
    into[id] = shape;
  }
  return moved;
};

/** Zod's `#/$defs/X` pointers, pointed at the document's `components/schemas`. */
function pointRefs(node: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(node), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
      ? componentRef(decodeURIComponent(value.slice('#/$defs/'.length)))
      : value,
  ) as JsonSchema;
}

/**
 * The rule a parameter's own check states, by asking it to take text no rule accepts: a range,
 * a list of values or a format says itself in the words a 400 would use.
 */
function ruleOf(schema: z.ZodType | undefined): string | undefined {
  const probe = schema?.safeParse('?');
  const message = probe && !probe.success ? probe.error.issues[0]?.message : undefined;
  // Zod's own wording ("Invalid input: expected object…") states a type the schema shows anyway.
  return message?.startsWith('Invalid input') ? undefined : message;
}

/** An object schema as JSON Schema, each field described by its rule where it states none. */
function objectSchema(schema: z.ZodType): JsonSchema {
  const converted = jsonSchema(schema);
  const properties = converted.properties as Record<string, JsonSchema> | undefined;
  if (!(schema instanceof z.ZodObject) || !properties) return converted;
  for (const [name, property] of Object.entries(properties)) {
    const rule = property.description ?? ruleOf(schema.shape[name] as z.ZodType | undefined);
    if (rule !== undefined) property.description = rule;
  }
  return converted;
}

/** An object schema's properties as OpenAPI parameters of `place`. */
function parameters(
  schema: z.ZodObject,
  place: 'path' | 'query',
  alsoRequired: readonly string[] = [],
): JsonSchema[] {
  const shape = objectSchema(schema);
  const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set([...((shape.required ?? []) as string[]), ...alsoRequired]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      ...(description === undefined ? {} : { description }),
      schema: rest,
    };
  });
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The refusals a route may give: its own, then those of its inputs, its access and the BFF. */
function errorsOf(key: ApiRouteKey, doc: RouteDoc): Record<string, string> {
  const access = accessOf(key);
  const errors: Record<string, string> = {};
  // A refused route answers 405 before it reads anything, so no input of it can be wrong.
  if ((doc.query || doc.path) && access !== 'refused')
    errors['400'] = 'A parameter broke a rule (the error names it)';
  if (doc.body) {
    errors['400'] = 'The body is not JSON, or a field broke a rule (the error names it)';
    errors['413'] = 'The body is too large';
  }
  if (access === 'operator' || access === 'admin')
    errors['401'] = 'Not signed in, or the session has ended';
  if (access === 'admin') errors['403'] = 'Not an admin';
  if (routeMethod(key) !== 'GET' && access !== 'refused' && access !== 'station')
    errors['403'] =
      `${errors['403'] ? `${errors['403']}, or r` : 'R'}efused as a possible cross-site request (no write header)`;
  if (key !== 'GET /health' && key !== 'GET /ready')
    errors['429'] = 'Over the per-client rate limit (Retry-After)';
  errors['500'] = 'A fault in the Skydeck server';
  errors['503'] = 'The database cannot be reached or written (Retry-After)';
  for (const [status, words] of Object.entries(doc.errors ?? {})) if (words) errors[status] = words;
  return errors;
}

function operation(key: ApiRouteKey, doc: RouteDoc, schemas: Record<string, JsonSchema>) {
  const access = accessOf(key);
  const answer = doc.answer;
  const content: Record<string, unknown> = {};
  if (answer.media) content[answer.media] = { schema: { type: 'string' } };
  else if (answer.schema)
    content['application/json'] = {
      schema: jsonSchema(answer.schema, answer.passedOn ? 'input' : 'output', schemas),
    };
  if (answer.csv) content['text/csv'] = { schema: { type: 'string' } };
  const responses: Record<string, unknown> = {
    [String(answer.status ?? 200)]: {
      description: answer.description,
      ...(Object.keys(content).length > 0 ? { content } : {}),
    },
  };
  for (const [status, words] of Object.entries(errorsOf(key, doc)))
    responses[status] =
      doc.refusalBody && String(doc.refusalBody.status) === status
        ? {
            description: words,
            content: {
              'application/json': { schema: jsonSchema(doc.refusalBody.schema, 'output', schemas) },
            },
          }
        : errorAnswer(words);
  const security =
    access === 'open' || access === 'refused' || access === 'station'
      ? []
      : access === 'signed-out'
        ? [{ writeHeader: [] }]
        : routeMethod(key) === 'GET'
          ? [{ session: [] }]
          : [{ session: [], writeHeader: [] }];
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    summary: doc.summary,
    description: [doc.description, accessWords[access]].filter(Boolean).join('\n\n'),
    tags: [doc.tag],
    security,
    parameters: [
      ...(doc.path ? parameters(doc.path, 'path') : []),
      ...(doc.query ? parameters(doc.query, 'query', doc.requiredQuery) : []),
    ],
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: objectSchema(doc.body) } },
          },
        }
      : {}),
    responses,
  };
}

/** `/sites/:id` as OpenAPI writes it: `/api/sites/{id}`. */
const openApiPath = (path: string) => `/api${path.replace(/:([^/]+)/g, '{$1}')}`;

/** The API as OpenAPI 3.1, from the route table and the contract's zod schemas. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(apiErrorSchema) };
  for (const [key, doc] of Object.entries(routeDocs) as [ApiRouteKey, RouteDoc][]) {
    const path = openApiPath(routePath(key));
    paths[path] = {
      ...paths[path],
      [routeMethod(key).toLowerCase()]: operation(key, doc, schemas),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skydeck API',
      version: '1',
      description:
        "Skydeck's backend-for-frontend: the weather provider's endpoints fronted (validated, " +
        'cached, metered), places, the quota, and the watch (sites, events, alarms, operators). ' +
        'Every error is JSON `{ "error": "<what went wrong, naming the parameter and the rule>" }`.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'weather', description: "The provider's endpoints, as the BFF fronts them" },
      { name: 'places', description: 'The offline gazetteer' },
      { name: 'quota', description: 'Provider units spent and what a request would cost' },
      { name: 'session', description: 'Signing in and out' },
      { name: 'operators', description: 'Accounts and the audit record (admins)' },
      { name: 'sites', description: 'Watched sites and their policies' },
      { name: 'events', description: 'The append-only event log and the live stream' },
      { name: 'alarms', description: 'Alarm channels and their deliveries' },
      { name: 'cap', description: 'CAP 1.2 messages and their Atom feed, for sirens and signage' },
      {
        name: 'public',
        description: "A shared site's public status (its link's token is the key)",
      },
      { name: 'stations', description: "Sites' own weather stations and their uploads" },
      { name: 'operations', description: 'Probes, start-up settings and this document' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie,
          description: `Set by POST /api/session; named __Host-${sessionCookie} over https.`,
        },
        writeHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'x-requested-with',
          description: `Against cross-site forgery: ${csrfRule}. Clients other than a browser send \`X-Requested-With: skydeck\`.`,
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
