import { describe, expect, it } from 'vitest';
import { type Notice, smsLength, smsText, toGsm, voiceTwiml } from './messages';

const url = 'https://skydeck.example/?v=3&view=board&site=01JABCDEFGHJKMNPQRSTVWXYZ0';

const notice = (
  change: { name?: string; reason?: string; kind?: Notice['kind'] } = {},
): Notice => ({
  kind: change.kind ?? 'change',
  escalation: change.kind === 'escalation' ? 2 : null,
  event: {
    id: 7,
    siteId: 'north',
    at: Date.UTC(2026, 6, 15, 18, 20),
    from: 'caution',
    to: 'stop',
    reason: change.reason ?? 'lightning 6.9 km away, inside the 7 km stop ring',
  },
  site: { id: 'north', name: change.name ?? 'North yard', lat: 36.5, lon: -91 },
  url,
  channelName: 'Crane operator',
});

const longName =
  'Pocahontas Regional Intermodal Freight Terminal — North Container Yard, Crane Block C';
const longReason =
  'lightning 6.9 km away, inside the 7 km stop ring; 14 strikes in the last 10 minutes, the nearest moving closer at 25 km/h from the south-west, thunder heard on site';

describe('the SMS text (issue 30)', () => {
  it('says level, site, reason and link whole when they fit one segment', () => {
    const text = smsText(notice());
    expect(text).toBe(
      `STOP at North yard (was CAUTION): lightning 6.9 km away, inside the 7 km stop ring ${url}`,
    );
    expect(smsLength(text)).toEqual({ length: text.length, max: 160 });
  });

  it('keeps a stop at a long site name to one segment: level and link whole, name and reason cut', () => {
    const text = smsText(notice({ name: longName, reason: longReason }));
    console.log(`SMS for a stop at a long site name (${text.length} chars): ${text}`);
    expect(smsLength(text).max).toBe(160);
    expect(smsLength(text).length).toBeLessThanOrEqual(160);
    expect(text.startsWith('STOP at Pocahontas Regional I...')).toBe(true);
    expect(text.endsWith(` ${url}`)).toBe(true);
    // What room is left goes to the reason, cut visibly.
    expect(text).toMatch(/\(was CAUTION\): lightning 6\.9 km .*\.\.\. https:/);
  });

  it('leaves the reason out before the level or link when even a short one does not fit', () => {
    const longLink = `https://skydeck.example/${'a'.repeat(60)}/?v=3&view=board&site=north`;
    const text = smsText({ ...notice({ name: longName, reason: longReason }), url: longLink });
    expect(smsLength(text).length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^STOP at Pocah.*\(was CAUTION\) https:/);
    expect(text.endsWith(longLink)).toBe(true);
  });

  it('spells typographic characters in GSM-7, so a dash or a degree sign does not cost 90 places', () => {
    expect(toGsm('Nő – “Nord” 31 °C at 10° … ≥ 5')).toBe('No - "Nord" 31 C at 10 deg ... >= 5');
    // é, ü, ñ and Ä are GSM-7 themselves and stay.
    expect(toGsm('Café Müller, Señor Äpfel')).toBe('Café Müller, Señor Äpfel');
    const text = smsText(notice({ name: 'Hafen – Süd “Kai 3”', reason: 'Blitz ≥ 5 km…' }));
    expect(text).toBe(`STOP at Hafen - Süd "Kai 3" (was CAUTION): Blitz >= 5 km... ${url}`);
    expect(smsLength(text).max).toBe(160);
    // The escape table's characters take two places.
    expect(smsLength('[a]')).toEqual({ length: 5, max: 160 });
  });

  it('fits a name GSM-7 cannot write into one 70-unit UCS-2 segment where it can', () => {
    const shortLink = 'https://sd.example/?site=n';
    const text = smsText({
      ...notice({ name: '北区工地 第三号塔吊作业区域', reason: longReason }),
      url: shortLink,
    });
    expect(smsLength(text)).toEqual({ length: text.length, max: 70 });
    expect(text.length).toBeLessThanOrEqual(70);
    expect(text.startsWith('STOP at 北区工地')).toBe(true);
    expect(text.endsWith(shortLink)).toBe(true);
  });

  it('says a test and a reminder in their own words', () => {
    expect(smsText(notice({ kind: 'test' }))).toMatch(
      /^Test from Skydeck: the channel "Crane operator" works: /,
    );
    expect(smsText(notice({ kind: 'escalation' }))).toMatch(
      /^Reminder 2: STOP at North yard is not yet acknowledged: /,
    );
  });

  it('leads a drill with DRILL, also at a long site name in one segment, and says it on the phone', () => {
    const text = smsText(notice({ kind: 'drill', name: longName }));
    expect(text).toMatch(/^DRILL: STOP at /);
    const { length, max } = smsLength(text);
    expect(length).toBeLessThanOrEqual(max);
    expect(text.endsWith(url)).toBe(true);
    expect(voiceTwiml(notice({ kind: 'drill' }))).toContain('<Say>DRILL: STOP at North yard');
  });
});

describe('the voice call (issue 30)', () => {
  it('says the headline twice, the site name XML-escaped', () => {
    expect(voiceTwiml(notice({ name: 'A&B <yard>' }))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>STOP at A&amp;B &lt;yard&gt; (was CAUTION)</Say><Pause length="1"/><Say>STOP at A&amp;B &lt;yard&gt; (was CAUTION)</Say></Response>',
    );
  });
});
