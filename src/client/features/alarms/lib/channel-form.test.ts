import { describe, expect, it } from 'vitest';
import { createChannelSchema, updateChannelSchema } from '../../../../shared/api/channels';
import { channelSchema } from '../api/channel-schemas';
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

  it('names each broken rule by field', () => {
    expect(channelErrors(values({ name: '  ', target: 'ftp://example.com' }))).toEqual({
      name: 'Must be 1 to 80 characters',
      target: 'Must start with http:// or https://',
    });
    // The server's rules for secrets, levels and reminders (shared/api/channels.ts).
    expect(channelErrors(values({ secret: 'too short', levels: [], escalate: '1' }))).toEqual({
      secret: 'Must be 16 to 200 printable characters, no spaces',
      levels: 'Tick at least one level',
      escalate: 'Must be a whole number from 2 to 240 minutes, or blank',
    });
    expect(channelErrors(values({ secret: 'a secret with spaces!' })).secret).toBeDefined();
    expect(
      channelErrors(values({ kind: 'slack', target: 'http://hooks.slack.com/x' })).target,
    ).toBe('Must start with https://');
    expect(channelErrors(values({ kind: 'email', target: 'ops@example.com, nobody' })).target).toBe(
      '“nobody” is not an email address',
    );
    expect(channelErrors(values({ target: '' })).target).toBe('Required');
  });

  it('checks quiet hours only when they are on', () => {
    const broken = { quietFrom: '25:00', quietTo: '6:00', quietTz: 'Mars/Olympus' };
    expect(channelErrors(values(broken))).toEqual({});
    expect(channelErrors(values({ ...broken, quiet: true }))).toEqual({
      quietFrom: 'Must be a time HH:MM',
      quietTo: 'Must be a time HH:MM',
      quietTz: 'Must be an IANA time zone, such as Europe/Berlin',
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

  it('reads a channel from the server, whatever extra it carries, and says what it sends', () => {
    const channel = channelSchema.parse({
      id: 7,
      kind: 'email',
      name: 'Site leads',
      target: 'leads@example.com',
      levels: ['stop', 'caution'],
      sites: ['depot', 'gone'],
      quiet: { from: '22:00', to: '06:00', tz: 'America/Chicago' },
      created_at: '2026-07-15T18:00:00Z',
    });
    expect(channel.id).toBe('7');
    expect(channelValues(channel)).toMatchObject({
      kind: 'email',
      levels: ['stop', 'caution'],
      secret: '',
    });
    expect(channelSummary(channel, (id) => (id === 'depot' ? 'Pocahontas depot' : undefined))).toBe(
      'STOP, CAUTION · Pocahontas depot, gone · quiet 22:00–06:00 America/Chicago (stop still sent)',
    );
  });

  it('words what a test send came back with', () => {
    expect(testOutcomeText('webhook', { delivery: { outcome: 'delivered', status: 200 } })).toEqual(
      {
        ok: true,
        text: 'Test sent (HTTP 200, delivered).',
      },
    );
    expect(testOutcomeText('webhook', { outcome: 'failed', status: 500 })).toEqual({
      ok: false,
      text: 'Test failed (HTTP 500).',
    });
    expect(testOutcomeText('email', { outcome: 'sent', status: '250 OK' }).text).toBe(
      'Test sent (SMTP 250 OK, sent).',
    );
    expect(testOutcomeText('slack', null)).toEqual({ ok: true, text: 'Test sent.' });
  });

  it('says why a test failed in the server’s words (issue 27)', () => {
    const refusal =
      'refused: the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)';
    expect(
      testOutcomeText('webhook', {
        delivery: { outcome: 'refused', status: null, detail: refusal },
      }),
    ).toEqual({ ok: false, text: `Test failed (no answer): ${refusal}.` });
    // A cause that only repeats the answer is said once.
    expect(
      testOutcomeText('webhook', {
        delivery: { outcome: 'failed', status: 500, detail: 'HTTP 500' },
      }).text,
    ).toBe('Test failed (HTTP 500).');
    expect(
      testOutcomeText('email', {
        delivery: {
          outcome: 'failed',
          status: null,
          detail: 'email channels need SMTP_URL and ALARM_FROM set on the server',
        },
      }).text,
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
