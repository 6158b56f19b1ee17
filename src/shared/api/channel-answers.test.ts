import { describe, expect, it } from 'vitest';
import { deliveryOutcomes } from './channels';
import {
  type ChannelJson,
  channelsResponseSchema,
  deliveriesResponseSchema,
  type DeliveryJson,
  testResultSchema,
} from './channel-answers';

/** A channel as GET /api/channels sends it . */
const channel: ChannelJson = {
  id: 'c1',
  kind: 'webhook',
  name: 'Ops hook',
  target: 'https://hooks.example.com/skydeck',
  redacted: false,
  secret_set: true,
  levels: ['stop', 'caution'],
  sites: null,
  quiet: { from: '22:00', to: '06:00', tz: 'Europe/Berlin' },
  escalate_minutes: 10,
  after_minutes: 0,
  enabled: true,
  created_at: '2026-07-15T18:00:00.000Z',
  updated_at: '2026-07-15T18:00:00.000Z',
  failing: false,
  last_delivery: { at: '2026-07-15T18:05:00.000Z', outcome: 'delivered', status: 200 },
};

/** One attempt as GET /api/deliveries sends it. */
const attempt: DeliveryJson = {
  id: 1,
  delivery_id: 1,
  channel_id: 'c1',
  event_id: 7,
  kind: 'escalation:2',
  at: '2026-07-15T18:05:00.000Z',
  attempt: 1,
  outcome: 'delivered',
  status: 200,
  detail: 'HTTP 200',
  provider_sid: null,
};

describe('the channels API as the page reads it (issue 29)', () => {
  it('reads every outcome the server sends', () => {
    for (const outcome of deliveryOutcomes) {
      expect(deliveriesResponseSchema.parse({ deliveries: [{ ...attempt, outcome }] })).toEqual({
        deliveries: [{ ...attempt, outcome }],
      });
    }
    expect(
      channelsResponseSchema.parse({
        channels: [channel],
        kinds: [{ kind: 'email', available: false, reason: 'no SMTP', target_rule: null }],
      }).channels,
    ).toEqual([channel]);
    expect(testResultSchema.parse({ delivery: attempt })).toEqual({ delivery: attempt });
  });

  it('refuses outcomes the server never sends instead of making up what they mean', () => {
    // "gave_up", "timeout", "error" were once read as failures; the server has no such outcome.
    for (const outcome of ['gave_up', 'timeout', 'error', 'failure', 'sent']) {
      expect(
        deliveriesResponseSchema.safeParse({ deliveries: [{ ...attempt, outcome }] }).success,
        outcome,
      ).toBe(false);
      expect(
        channelsResponseSchema.safeParse({
          channels: [{ ...channel, last_delivery: { ...channel.last_delivery, outcome } }],
          kinds: [],
        }).success,
        outcome,
      ).toBe(false);
      expect(
        testResultSchema.safeParse({ delivery: { ...attempt, outcome } }).success,
        outcome,
      ).toBe(false);
    }
    // Nor a kind of delivery it has no word for, a status as text, or a channel missing what
    // every channel carries.
    for (const kind of ['reminder', 'escalation:', 'escalation:two'])
      expect(
        deliveriesResponseSchema.safeParse({ deliveries: [{ ...attempt, kind }] }).success,
        kind,
      ).toBe(false);
    expect(
      deliveriesResponseSchema.safeParse({ deliveries: [{ ...attempt, status: '250 OK' }] })
        .success,
    ).toBe(false);
    const unflagged: Partial<ChannelJson> = { ...channel };
    delete unflagged.failing;
    expect(channelsResponseSchema.safeParse({ channels: [unflagged], kinds: [] }).success).toBe(
      false,
    );
  });
});
