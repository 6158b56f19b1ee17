import { describe, expect, it } from 'vitest';
import {
  channelWants,
  createChannelSchema,
  inQuietHours,
  quietHoldsBack,
  targetProblem,
  updateChannelSchema,
} from './channels';

const at = (iso: string) => Date.parse(iso);

describe('inQuietHours', () => {
  it('reads the quiet hours on the wall clock of their time zone, overnight included', () => {
    const night = { from: '22:00', to: '06:00', tz: 'Europe/Berlin' };
    // Berlin is UTC+2 in July.
    expect(inQuietHours(night, at('2026-07-15T19:59:00Z'))).toBe(false);
    expect(inQuietHours(night, at('2026-07-15T20:00:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-07-16T03:59:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-07-16T04:00:00Z'))).toBe(false);
    // UTC+1 in January: the same wall-clock hours move an hour in UTC.
    expect(inQuietHours(night, at('2026-01-15T20:30:00Z'))).toBe(false);
    expect(inQuietHours(night, at('2026-01-15T21:30:00Z'))).toBe(true);
    const lunch = { from: '12:00', to: '13:00', tz: 'UTC' };
    expect(inQuietHours(lunch, at('2026-07-15T12:30:00Z'))).toBe(true);
    expect(inQuietHours(lunch, at('2026-07-15T13:00:00Z'))).toBe(false);
  });
});

describe('which changes a channel hears', () => {
  it('hears a site enter a level it follows, and leave it', () => {
    const levels = ['stop', 'caution'] as const;
    expect(channelWants(levels, 'clear', 'stop')).toBe(true);
    expect(channelWants(levels, 'stop', 'caution')).toBe(true);
    expect(channelWants(levels, 'caution', 'clear')).toBe(true);
    expect(channelWants(levels, 'watch', 'clear')).toBe(false);
    expect(channelWants(levels, 'no_data', 'clear')).toBe(false);
  });

  it('lets a stop and the end of one through quiet hours, nothing else', () => {
    expect(quietHoldsBack('clear', 'stop')).toBe(false);
    expect(quietHoldsBack('stop', 'clear')).toBe(false);
    expect(quietHoldsBack('stop', 'no_data')).toBe(false);
    expect(quietHoldsBack('clear', 'caution')).toBe(true);
    expect(quietHoldsBack('caution', 'clear')).toBe(true);
  });
});

describe('channel bodies', () => {
  it('checks a target against its kind', () => {
    expect(targetProblem('slack', 'https://hooks.slack.com/services/T/B/X')).toBeUndefined();
    expect(targetProblem('webhook', 'mailto:ops@example.com')).toBe('must be an http or https URL');
    expect(targetProblem('email', 'ops@example.com, duty@example.com')).toBeUndefined();
    // Slack and Teams: https, as their hooks are; http only to this machine (issue 29).
    const httpsRule =
      'must be an https URL, as Slack and Teams webhooks are (http only to a loopback address)';
    expect(targetProblem('slack', 'http://hooks.slack.com/services/T/B/X')).toBe(httpsRule);
    expect(targetProblem('teams', 'http://x.webhook.office.com/webhookb2/y')).toBe(httpsRule);
    expect(targetProblem('teams', 'http://localhost.example.com/hook')).toBe(httpsRule);
    for (const local of ['http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://[::1]:9/'])
      expect(targetProblem('slack', local), local).toBeUndefined();
    expect(targetProblem('webhook', 'http://hooks.example.com/skydeck')).toBeUndefined();
    expect(targetProblem('email', 'ops@example.com, nobody')).toBe(
      'must be email addresses separated by commas (nobody is not one)',
    );
  });

  it('fills the defaults, and refuses a secret on an email channel', () => {
    expect(
      createChannelSchema.parse({ kind: 'webhook', name: ' Ops ', target: 'https://x.test/' }),
    ).toEqual({
      kind: 'webhook',
      name: 'Ops',
      target: 'https://x.test/',
      levels: ['stop', 'caution'],
      sites: null,
      quiet: null,
      escalate_minutes: 10,
      after_minutes: 0,
      enabled: true,
    });
    const email = createChannelSchema.safeParse({
      kind: 'email',
      name: 'Inbox',
      target: 'ops@example.com',
      secret: 'a-long-enough-secret',
    });
    expect(email.error?.issues[0]).toMatchObject({
      path: ['secret'],
      message: 'must be left out: email channels are not signed',
    });
    const sameTime = createChannelSchema.safeParse({
      kind: 'webhook',
      name: 'Ops',
      target: 'https://x.test/',
      quiet: { from: '22:00', to: '22:00', tz: 'UTC' },
    });
    expect(sameTime.error?.issues[0]).toMatchObject({
      path: ['quiet', 'to'],
      message: 'must end at another time than it starts',
    });
  });

  it('takes an escalation tier of 0 to 240 whole minutes, naming the rule otherwise', () => {
    const base = { kind: 'webhook', name: 'Ops', target: 'https://x.test/' } as const;
    expect(createChannelSchema.parse({ ...base, after_minutes: 240 }).after_minutes).toBe(240);
    for (const after_minutes of [-1, 241, 2.5, '10', null])
      expect(
        createChannelSchema.safeParse({ ...base, after_minutes }).error?.issues[0],
        String(after_minutes),
      ).toMatchObject({
        path: ['after_minutes'],
        message: 'must be a whole number from 0 to 240 minutes',
      });
    expect(updateChannelSchema.parse({ after_minutes: 20 })).toEqual({ after_minutes: 20 });
  });
});
