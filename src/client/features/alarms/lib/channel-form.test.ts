import { describe, expect, it } from 'vitest';
import { createChannelSchema, updateChannelSchema } from '../../../../shared/api/channels';
import {
  channelResponseSchema,
  type DeliveryJson,
  type TestChannelResponse,
} from '../../../../shared/api/channel-answers';
import {
  channelBody,
  channelErrors,
  channelSummary,
  channelValues,
  newChannelValues,
  serverFieldError,
  testOutcomeText,
} from './channel-form';

const values = (change: Partial<ReturnType<typeof newChannelValues>> = {}) => ({
  ...newChannelValues(),
  name: 'Ops hook',
  target: 'https://hooks.example.com/skydeck',
  quietTz: 'Europe/Berlin',
  ...change,
});

describe('the channel form', () => {
  it('accepts a webhook with a name and an address', () => {
    expect(channelErrors(values())).toEqual({});
  });

  it('names each broken rule by field, in the server’s words', () => {
    expect(channelErrors(values({ name: '  ', target: 'ftp://example.com' }))).toEqual({
      name: 'Must be 1 to 80 characters',
      target: 'Must be an http or https URL',
    });
    // The server's rules for secrets, levels and reminders (shared/api/channels.ts).
    expect(channelErrors(values({ secret: 'too short', levels: [], escalate: '1' }))).toEqual({
      secret: 'Must be at least 16 characters',
      levels: 'Must name at least one level',
      escalate: 'Must be a whole number from 2 to 240 minutes, or null for no reminders',
    });
    expect(channelErrors(values({ after: '241' })).after).toBe(
      'Must be a whole number from 0 to 240 minutes',
    );
    expect(channelBody(values({ after: ' 20 ' }), true).after_minutes).toBe(20);
    expect(channelErrors(values({ secret: 'a secret with spaces!' })).secret).toBe(
      'Must be printable ASCII without spaces',
    );
    expect(
      channelErrors(values({ kind: 'slack', target: 'http://hooks.slack.com/x' })).target,
    ).toMatch(/^Must be an https URL, as .+ webhooks are \(http only to a loopback address\)$/);
    // A relay or test receiver on this machine may take plain http: nothing travels.
    expect(channelErrors(values({ kind: 'teams', target: 'http://127.0.0.1:8080/x' }))).toEqual({});
    expect(channelErrors(values({ kind: 'email', target: 'ops@example.com, nobody' })).target).toBe(
      'Must be email addresses separated by commas (nobody is not one)',
    );
    expect(channelErrors(values({ target: '' })).target).toBe('Must be an http or https URL');
  });

  it('checks quiet hours only when they are on', () => {
    const broken = { quietFrom: '25:00', quietTo: '6:00', quietTz: 'Mars/Olympus' };
    expect(channelErrors(values(broken))).toEqual({});
    expect(channelErrors(values({ ...broken, quiet: true }))).toEqual({
      quietFrom: 'Must be a 24-hour time HH:MM, like 22:00',
      quietTo: 'Must be a 24-hour time HH:MM, like 22:00',
      quietTz: 'Must be an IANA time zone, like Europe/Berlin or UTC',
    });
  });

  it('sends a new channel as the server reads it: its defaults, every site as null', () => {
    expect(channelBody(values({ secret: '' }), false)).toEqual({
      kind: 'webhook',
      name: 'Ops hook',
      target: 'https://hooks.example.com/skydeck',
      levels: ['stop', 'caution'],
      sites: null,
      escalate_minutes: 10,
      after_minutes: 0,
      enabled: true,
      quiet: null,
    });
    expect(
      channelBody(
        values({
          secret: 'a-long-enough-s3cret',
          levels: ['clear', 'stop'],
          sites: ['depot'],
          quiet: true,
          quietFrom: '22:00',
          quietTo: '06:00',
        }),
        false,
      ),
    ).toEqual({
      kind: 'webhook',
      name: 'Ops hook',
      target: 'https://hooks.example.com/skydeck',
      secret: 'a-long-enough-s3cret',
      // In the levels' own order, worst first.
      levels: ['stop', 'clear'],
      sites: ['depot'],
      escalate_minutes: 10,
      after_minutes: 0,
      enabled: true,
      quiet: { from: '22:00', to: '06:00', tz: 'Europe/Berlin' },
    });
    // Email is not signed: no secret goes with it.
    expect(
      channelBody(values({ kind: 'email', secret: 'a-long-enough-s3cret' }), false),
    ).not.toHaveProperty('secret');
  });

  it('sends an edit without its kind, cleared lists and quiet hours as null, and keeps a blank secret', () => {
    expect(channelBody(values({ escalate: '' }), true)).toEqual({
      name: 'Ops hook',
      target: 'https://hooks.example.com/skydeck',
      levels: ['stop', 'caution'],
      sites: null,
      escalate_minutes: null,
      after_minutes: 0,
      enabled: true,
      quiet: null,
    });
  });

  it('sends bodies the server’s own schemas accept', () => {
    const full = values({
      secret: 'a-long-enough-s3cret',
      sites: ['depot'],
      quiet: true,
      escalate: '',
    });
    for (const form of [values(), full, values({ kind: 'email', target: 'ops@example.com' })]) {
      expect(createChannelSchema.safeParse(channelBody(form, false)).success).toBe(true);
      expect(updateChannelSchema.safeParse(channelBody(form, true)).success).toBe(true);
    }
  });

  it('reads a channel from the server and says what it sends', () => {
    const { channel } = channelResponseSchema.parse({
      channel: {
        id: '7',
        kind: 'email',
        name: 'Site leads',
        target: 'leads@example.com',
        redacted: false,
        secret_set: false,
        levels: ['stop', 'caution'],
        sites: ['depot', 'gone'],
        quiet: { from: '22:00', to: '06:00', tz: 'America/Chicago' },
        escalate_minutes: null,
        after_minutes: 20,
        enabled: true,
        created_at: '2026-07-15T18:00:00Z',
        updated_at: '2026-07-15T18:00:00Z',
        failing: false,
        last_delivery: null,
      },
    });
    expect(channelValues(channel)).toMatchObject({
      kind: 'email',
      levels: ['stop', 'caution'],
      secret: '',
    });
    expect(channelSummary(channel, (id) => (id === 'depot' ? 'Pocahontas depot' : undefined))).toBe(
      'STOP, CAUTION · Pocahontas depot, gone · only a stop unacknowledged for 20 min · quiet 22:00–06:00 America/Chicago (stop still sent)',
    );
  });

  it('words what a test send came back with', () => {
    const attempt = (change: Partial<DeliveryJson>): TestChannelResponse => ({
      delivery: {
        id: 1,
        delivery_id: 1,
        channel_id: 'c1',
        event_id: null,
        kind: 'test',
        at: '2026-07-15T18:00:00Z',
        attempt: 1,
        outcome: 'delivered',
        status: 200,
        detail: 'HTTP 200',
        provider_sid: null,
        ...change,
      },
    });
    expect(testOutcomeText('webhook', attempt({}))).toEqual({
      ok: true,
      text: 'Test sent (HTTP 200, delivered).',
    });
    expect(
      testOutcomeText('webhook', attempt({ outcome: 'failed', status: 500, detail: 'HTTP 500' })),
    ).toEqual({
      ok: false,
      text: 'Test failed (HTTP 500).',
    });
    expect(testOutcomeText('email', attempt({ status: 250 })).text).toBe(
      'Test sent (SMTP 250, delivered).',
    );
    expect(testOutcomeText('slack', null)).toEqual({ ok: true, text: 'Test sent.' });
  });

  it('says why a test failed in the server’s words (issue 27)', () => {
    const refusal =
      'refused: the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)';
    const failed = (status: number | null, detail: string): TestChannelResponse => ({
      delivery: {
        id: 1,
        delivery_id: 1,
        channel_id: 'c1',
        event_id: null,
        kind: 'test',
        at: '2026-07-15T18:00:00Z',
        attempt: 1,
        outcome: status === null ? 'refused' : 'failed',
        status,
        detail,
        provider_sid: null,
      },
    });
    expect(testOutcomeText('webhook', failed(null, refusal))).toEqual({
      ok: false,
      text: `Test failed (no answer): ${refusal}.`,
    });
    // A cause that only repeats the answer is said once.
    expect(testOutcomeText('webhook', failed(500, 'HTTP 500')).text).toBe(
      'Test failed (HTTP 500).',
    );
    expect(
      testOutcomeText(
        'email',
        failed(null, 'email channels need SMTP_URL and ALARM_FROM set on the server'),
      ).text,
    ).toBe(
      'Test failed (no answer): email channels need SMTP_URL and ALARM_FROM set on the server.',
    );
  });

  it('puts a refusal that names a field at that field', () => {
    expect(
      serverFieldError(
        'Invalid target: the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)',
      ),
    ).toEqual({
      field: 'target',
      text: 'Refused by the server: the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)',
    });
    expect(serverFieldError('Invalid quiet.tz: must be an IANA time zone')?.field).toBe('quietTz');
    expect(serverFieldError('Invalid escalate_minutes: must be …')?.field).toBe('escalate');
    expect(serverFieldError('Skydeck holds at most 100 channels')).toBeUndefined();
    expect(serverFieldError('Invalid body: unknown field kind')).toBeUndefined();
  });
});

/**
 * The form's verdict on one input beside the server's: the form fields the server's own schema
 * (shared/api/channels.ts, which POST /api/channels validates with) names, by the form's names.
 */
const serverVerdict = (form: ReturnType<typeof values>) =>
  [
    ...new Set(
      (createChannelSchema.safeParse(channelBody(form, false)).error?.issues ?? []).map(
        (issue) => serverFieldError(`Invalid ${issue.path.join('.')}: ${issue.message}`)?.field,
      ),
    ),
  ].sort();
const formVerdict = (form: ReturnType<typeof values>) => Object.keys(channelErrors(form)).sort();

describe('the channel form and the server (issue 29)', () => {
  it('refuse the same inputs, field by field', () => {
    const slackHook = 'hooks.slack.com/services/T000/B000/XXXX';
    const cases = [
      // Slack and Teams give https addresses only; http would carry the hook's key in the clear.
      values({ kind: 'slack', target: `http://${slackHook}` }),
      values({ kind: 'teams', target: 'http://example.webhook.office.com/webhookb2/x' }),
      values({ kind: 'slack', target: `https://${slackHook}` }),
      // A generic webhook may be plain http (a receiver on the operator's own network).
      values({ kind: 'webhook', target: 'http://hooks.example.com/skydeck' }),
      values({ kind: 'email', target: 'ops@example..com' }),
      values({
        kind: 'email',
        target: Array.from({ length: 11 }, (_, n) => `ops${n}@example.com`).join(', '),
      }),
      values({ quiet: true, quietFrom: '22:00', quietTo: '22:00' }),
      values({ quiet: true, quietTz: 'Mars/Olympus' }),
      values({ name: 'x'.repeat(81) }),
      values({ target: `https://example.com/${'x'.repeat(2000)}` }),
    ];
    for (const form of cases)
      expect(formVerdict(form), `${form.kind} ${form.target.slice(0, 60)}`).toEqual(
        serverVerdict(form),
      );
    expect(serverVerdict(cases[0] as ReturnType<typeof values>)).toEqual(['target']);
    expect(serverVerdict(cases[1] as ReturnType<typeof values>)).toEqual(['target']);
    expect(serverVerdict(cases[3] as ReturnType<typeof values>)).toEqual([]);
  });
});
