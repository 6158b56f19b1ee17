import { describe, expect, it } from 'vitest';
import { providerDetail, refusalAnswer, scrubProviderText } from './provider-words';

const key = '5eed'.repeat(8);

describe('scrubProviderText', () => {
  it.each([
    [`Invalid request https://api.example/v2.0/current?lat=1&key=${key}`, 'Invalid request [url]'],
    [`GET /v2.0/current?key=${key}&lat=1 refused`, 'GET [url] refused'],
    [`API key: ${key.toUpperCase()} is not valid`, 'API [url] [redacted] is not valid'],
    [`token ${key}.`, 'token [redacted].'],
    [`the key ${key} again ${key}`, 'the key [redacted] again [redacted]'],
    ['line one\nline two\u0007', 'line one line two'],
  ])('makes %j safe', (text, safe) => {
    expect(scrubProviderText(text, [key])).toBe(safe);
  });

  it('removes a configured secret whatever its shape', () => {
    expect(scrubProviderText('the key is not-hex-at-all!', ['not-hex-at-all!'])).toBe(
      'the key is [redacted]',
    );
  });

  it('keeps a 33-digit number, which is not a key, and cuts long text', () => {
    expect(scrubProviderText('1'.repeat(33), [])).toBe('1'.repeat(33));
    const long = scrubProviderText('word '.repeat(100), []);
    expect(long.length).toBe(160);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('providerDetail', () => {
  it('takes the first sentence the body has, and nothing from a body without one', () => {
    expect(providerDetail({ error: 'No Location Found.' })).toBe('No Location Found.');
    expect(providerDetail({ status_code: 429, status_message: 'Slow down' })).toBe('Slow down');
    expect(providerDetail({ error: 42 })).toBeUndefined();
    expect(providerDetail('text')).toBeUndefined();
    expect(providerDetail(null)).toBeUndefined();
  });
});

describe('refusalAnswer', () => {
  it('keeps the caller-facing statuses and turns Skydeck-side refusals into 502', () => {
    expect(refusalAnswer(400, 'Invalid lat')).toEqual({
      status: 400,
      error: 'The weather provider could not answer this request: Invalid lat',
    });
    expect(refusalAnswer(403, undefined).status).toBe(403);
    expect(refusalAnswer(404, undefined).status).toBe(404);
    expect(refusalAnswer(401, 'whatever it says').error).not.toContain('whatever');
    expect(refusalAnswer(401, undefined).status).toBe(502);
    expect(refusalAnswer(413, undefined)).toEqual({
      status: 502,
      error: 'The weather provider refused the request (413)',
    });
  });
});
