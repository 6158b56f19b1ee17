import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const load = (env: Record<string, string>) => loadConfig({ WEATHERBIT_API_KEY: '', ...env });

describe('the alarms in the environment', () => {
  it('has safe defaults: no email, no private targets, links to where the server listens', () => {
    expect(load({}).alarms).toEqual({
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: undefined,
      from: undefined,
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
});
