import { describe, expect, it } from 'vitest';
import {
  emailMessage,
  genericBody,
  type Notice,
  smsLength,
  smsText,
  teamsBody,
  voiceTwiml,
} from './messages';
import { pushPayload } from './push-sender';

const url = 'https://skydeck.example/?v=3&view=board&site=01JABCDEFGHJKMNPQRSTVWXYZ0';
const gust = 'wind: gust 17.3 m/s ≥ stop 15 m/s';

const outlook = (
  change: { name?: string; reasons?: string[]; when?: 'today' | 'tomorrow' } = {},
): Notice => {
  const reasons = change.reasons ?? [gust];
  return {
    kind: 'outlook',
    escalation: null,
    outlook: { date: '2026-12-03', when: change.when ?? 'tomorrow', reasons },
    event: {
      id: 0,
      siteId: 'pier',
      at: Date.UTC(2026, 11, 2, 16),
      from: 'clear',
      to: 'clear',
      reason: reasons.join('; '),
    },
    site: { id: 'pier', name: change.name ?? 'Pier 4', lat: 51.5, lon: -0.1 },
    url,
  };
};

const longName =
  'Pocahontas Regional Intermodal Freight Terminal — North Container Yard, Crane Block C';

describe('the forecast notice in every channel (issue 32 §1)', () => {
  it('says "Forecast", the day and the reasons in one SMS segment, never a level change', () => {
    const text = smsText(outlook());
    expect(text).toBe(
      `Forecast NO-GO for tomorrow (Thu 3 Dec) at Pier 4: wind: gust 17.3 m/s >= stop 15 m/s ${url}`,
    );
    expect(smsLength(text).length).toBeLessThanOrEqual(smsLength(text).max);
    const long = smsText(
      outlook({ name: longName, reasons: [gust, 'heat: heat index 43.0 °C ≥ stop 41 °C'] }),
    );
    expect(long).toMatch(/^Forecast NO-GO for tomorrow \(Thu 3 Dec\) at Pocahontas/);
    expect(smsLength(long).length).toBeLessThanOrEqual(smsLength(long).max);
    expect(voiceTwiml(outlook({ when: 'today' }))).toContain(
      '<Say>Forecast NO-GO for today (Thu 3 Dec) at Pier 4</Say>',
    );
  });

  it('gives webhooks kind outlook with the day, verdict and reasons; Teams and email name the forecast, not a level change', () => {
    expect(genericBody(outlook())).toMatchObject({
      kind: 'outlook',
      outlook: { date: '2026-12-03', verdict: 'no_go', reasons: [gust] },
      event: { from: 'clear', to: 'clear', reason: gust },
    });
    const card = JSON.stringify(teamsBody(outlook()));
    expect(card).toContain('"title":"Forecast","value":"NO-GO on Thu 3 Dec (level now: CLEAR)"');
    expect(card).not.toContain('(was ');
    const email = emailMessage(outlook());
    expect(email.subject).toBe('Forecast NO-GO for tomorrow (Thu 3 Dec) at Pier 4 — Skydeck');
    expect(email.text).toContain('Forecast:  NO-GO on Thu 3 Dec (level now: CLEAR)');
    expect(email.text).not.toContain('Level:');
    expect(pushPayload(outlook())).toMatchObject({
      title: 'Forecast NO-GO for tomorrow (Thu 3 Dec) at Pier 4',
      body: gust,
      kind: 'outlook',
    });
  });
});
