import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const load = (env: Record<string, string>) => loadConfig({ WEATHERBIT_API_KEY: '', ...env });

describe('the alarms in the environment', () => {
  it('has safe defaults: no email, no private targets, links to where the server listens', () => {
    expect(load({}).alarms).toEqual({
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: undefined,
      from: undefined,
      push: { keys: undefined, subject: 'mailto:skydeck@127.0.0.1' },
      allowPrivate: false,
      timeoutMs: 5000,
      retries: 4,
      backoffMs: 1000,
    });
    expect(load({ HOST: '0.0.0.0', PORT: '9000' }).alarms.publicUrl).toBe('http://localhost:9000');
    expect(load({ HOST: '::1' }).alarms.publicUrl).toBe('http://[::1]:8080');
    expect(load({ PUBLIC_URL: 'https://ops.example.com/skydeck/' }).alarms.publicUrl).toBe(
      'https://ops.example.com/skydeck',
    );
  });

  it('stops at start-up on a bad value, naming it', () => {
    expect(() => load({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      "Invalid ALARM_FROM: must be set with SMTP_URL (the alarms' sender)",
    );
    expect(() => load({ SMTP_URL: 'http://mail.example.com', ALARM_FROM: 'a@b.co' })).toThrow(
      'Invalid SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(() => load({ SMTP_URL: 'smtp://mail.example.com', ALARM_FROM: 'nobody' })).toThrow(
      'Invalid ALARM_FROM: must be an email address',
    );
    expect(() => load({ PUBLIC_URL: 'ftp://example.com' })).toThrow(
      'Invalid PUBLIC_URL: must be an http or https URL',
    );
    expect(() => load({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow('Invalid WEBHOOK_ALLOW_PRIVATE');
    expect(
      load({ SMTP_URL: 'smtps://u:p@mail.example.com', ALARM_FROM: 'Skydeck <alarms@example.com>' })
        .alarms,
    ).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com',
      from: 'Skydeck <alarms@example.com>',
    });
  });

  it('takes the TWILIO variables all together, and their API only over https or to loopback', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'token-of-sixteen',
      TWILIO_FROM: '+15005550006',
    };
    expect(load(twilio).alarms.twilio).toEqual({
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: twilio.TWILIO_AUTH_TOKEN,
      from: twilio.TWILIO_FROM,
      apiUrl: 'https://api.twilio.com',
    });
    expect(load({}).alarms.twilio).toBeUndefined();
    expect(() => load({ ...twilio, TWILIO_FROM: '' })).toThrow(
      'Invalid TWILIO_FROM: must be set with the other TWILIO_ variables',
    );
    expect(() => load({ ...twilio, TWILIO_FROM: '555-1234' })).toThrow(
      'Invalid TWILIO_FROM: must be a phone number in E.164 form',
    );
    expect(() => load({ ...twilio, TWILIO_API_URL: 'http://twilio.example.com' })).toThrow(
      'Invalid TWILIO_API_URL: must be https (http only to a loopback address',
    );
    expect(
      load({ ...twilio, TWILIO_API_URL: 'http://127.0.0.1:9000/' }).alarms.twilio?.apiUrl,
    ).toBe('http://127.0.0.1:9000');
  });

  it('takes the VAPID pair together, and a subject from VAPID_SUBJECT, ALARM_FROM or PUBLIC_URL', () => {
    const pair = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'a'.repeat(43),
    };
    expect(load(pair).alarms.push.keys).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
    });
    expect(() => load({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      'Invalid VAPID_PRIVATE_KEY: must be set with the other VAPID key',
    );
    expect(() => load({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow(
      'Invalid VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key',
    );
    expect(() => load({ VAPID_SUBJECT: 'http://ops.example.com' })).toThrow(
      'Invalid VAPID_SUBJECT: must be a mailto: address or an https: URL',
    );
    const subject = (env: Record<string, string>) => load(env).alarms.push.subject;
    expect(subject({ VAPID_SUBJECT: 'mailto:ops@example.com' })).toBe('mailto:ops@example.com');
    expect(subject({ ALARM_FROM: 'Skydeck <alarms@example.com>' })).toBe(
      'mailto:alarms@example.com',
    );
    expect(subject({ PUBLIC_URL: 'https://ops.example.com/' })).toBe('https://ops.example.com');
    expect(subject({ PUBLIC_URL: 'http://ops.example.com' })).toBe(
      'mailto:skydeck@ops.example.com',
    );
  });
});
