import { describe, expect, it } from 'vitest';
import type { StatusLevel } from '../../shared/safety/site-policy';
import { capSchemaErrors, text, texts, xmlErrors } from '../testing/cap-xml';
import {
  addedTransition,
  capFeed,
  capOrigin,
  type CapSite,
  capTime,
  type CapTransition,
  drillCap,
  drillEntry,
  latestStep,
  siteCap,
  siteEntry,
} from './cap-message';
import { escapeXml } from './xml';

const origin = capOrigin('https://skydeck.example');
const site: CapSite = { id: 'yard1', name: 'North yard', lat: 36.5, lon: -91, stopRingKm: 7 };
const created = Date.parse('2026-07-15T18:00:00.250Z');
const at = (minute: number) => created + minute * 60_000;

function change(
  seq: number,
  from: StatusLevel,
  to: StatusLevel,
  rule = 'lightning',
  evidence = [`${rule}: reason ${seq}`],
): CapTransition {
  return { seq, at: at(seq), from, to, rule, evidence };
}

/** The site's message after these changes, its whole history read. */
function messageAfter(changes: CapTransition[], where: CapSite = site): string {
  const step = latestStep(where.id, [addedTransition(created), ...changes], true);
  if (!step) throw new Error('no message');
  return siteCap(origin, where, step);
}

async function valid(xml: string): Promise<string> {
  expect(await capSchemaErrors(xml)).toEqual([]);
  return xml;
}

const ref = (seq: number) => `skydeck.example,site-yard1-${seq},${capTime(at(seq))}`;

describe('CAP 1.2 messages, each valid against the OASIS schema', () => {
  it('a new stop is an Alert: Severe, Immediate, Observed, with the stop ring as its area', async () => {
    const xml = await valid(messageAfter([change(1, 'no_data', 'stop')]));
    expect(xml).toContain('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">');
    expect(text(xml, 'identifier')).toBe('site-yard1-1');
    expect(text(xml, 'sender')).toBe('skydeck.example');
    // Seconds and an offset: CAP's own pattern refuses "Z" and fractions.
    expect(text(xml, 'sent')).toBe('2026-07-15T18:01:00+00:00');
    expect(text(xml, 'status')).toBe('Actual');
    expect(text(xml, 'msgType')).toBe('Alert');
    expect(text(xml, 'scope')).toBe('Public');
    // It supersedes the site's "no current data" since it was added.
    expect(text(xml, 'references')).toBe(ref(0));
    expect(text(xml, 'category')).toBe('Met');
    expect(text(xml, 'event')).toBe('Lightning stop');
    expect(text(xml, 'urgency')).toBe('Immediate');
    expect(text(xml, 'severity')).toBe('Severe');
    expect(text(xml, 'certainty')).toBe('Observed');
    expect(text(xml, 'headline')).toBe('STOP at North yard (was NO DATA)');
    expect(text(xml, 'description')).toBe('lightning: reason 1');
    expect(text(xml, 'instruction')).toMatch(/^Stop outdoor activity/);
    expect(text(xml, 'expires')).toBe('2026-07-16T06:01:00+00:00');
    expect(text(xml, 'areaDesc')).toBe('North yard');
    expect(text(xml, 'circle')).toBe('36.5,-91 7');
  });

  it('a caution from clear is an Alert of Moderate severity with nothing to reference', async () => {
    const xml = await valid(
      messageAfter([change(1, 'no_data', 'clear'), change(2, 'clear', 'caution', 'wind')]),
    );
    expect(text(xml, 'msgType')).toBe('Alert');
    expect(text(xml, 'references')).toBeUndefined();
    expect(text(xml, 'severity')).toBe('Moderate');
    expect(text(xml, 'event')).toBe('Wind caution');
  });

  it('a stop that changes is an Update referencing what came before in the episode', async () => {
    const xml = await valid(
      messageAfter([
        change(1, 'no_data', 'clear'),
        change(2, 'clear', 'stop'),
        change(3, 'stop', 'caution'),
      ]),
    );
    expect(text(xml, 'msgType')).toBe('Update');
    expect(text(xml, 'identifier')).toBe('site-yard1-3');
    // The no-data alert was cancelled by the clear at 1: the episode starts at 2.
    expect(text(xml, 'references')).toBe(ref(2));
    expect(text(xml, 'severity')).toBe('Moderate');
  });

  it('the all-clear is a Cancel referencing every message of the episode, in CAP form', async () => {
    const xml = await valid(
      messageAfter([
        change(1, 'no_data', 'clear'),
        change(2, 'clear', 'stop'),
        change(3, 'stop', 'caution'),
        change(4, 'caution', 'clear', 'lightning', []),
      ]),
    );
    expect(text(xml, 'msgType')).toBe('Cancel');
    expect(text(xml, 'identifier')).toBe('site-yard1-4');
    expect(text(xml, 'references')).toBe(`${ref(2)} ${ref(3)}`);
    expect(text(xml, 'event')).toBe('Lightning caution');
    expect(text(xml, 'responseType')).toBe('AllClear');
    expect(text(xml, 'urgency')).toBe('Past');
    expect(text(xml, 'headline')).toBe('All clear at North yard (was CAUTION)');
  });

  it('watch is no alert: stop to watch is the all-clear, and watch to clear says nothing new', async () => {
    const xml = await valid(
      messageAfter([
        change(1, 'no_data', 'stop'),
        change(2, 'stop', 'watch'),
        change(3, 'watch', 'clear'),
      ]),
    );
    expect(text(xml, 'msgType')).toBe('Cancel');
    expect(text(xml, 'identifier')).toBe('site-yard1-2');
    expect(text(xml, 'references')).toBe(`${ref(0)} ${ref(1)}`);
  });

  it('heat is a matter of Safety; air quality of the environment', async () => {
    const heat = await valid(
      messageAfter([change(1, 'no_data', 'clear'), change(2, 'clear', 'stop', 'heat')]),
    );
    expect(text(heat, 'category')).toBe('Safety');
    expect(text(heat, 'event')).toBe('Heat stop');
    const air = await valid(
      messageAfter([change(1, 'no_data', 'clear'), change(2, 'clear', 'caution', 'aqi')]),
    );
    expect(text(air, 'category')).toBe('Env');
    expect(text(air, 'event')).toBe('Air quality caution');
  });

  it('no data after a stop is an Update that keeps the stop Severe: never an all-clear', async () => {
    const xml = await valid(
      messageAfter([
        change(1, 'no_data', 'clear'),
        change(2, 'clear', 'stop'),
        change(3, 'stop', 'no_data', 'data', ['no fresh lightning data since 18:02:00 UTC']),
      ]),
    );
    expect(text(xml, 'msgType')).toBe('Update');
    expect(text(xml, 'severity')).toBe('Severe');
    expect(text(xml, 'event')).toBe('Lightning stop');
    expect(text(xml, 'certainty')).toBe('Likely');
    expect(text(xml, 'instruction')).toMatch(/last stop or caution stands/);
    expect(text(xml, 'references')).toBe(ref(2));

    // Fresh data that says stop again updates it; fresh data that says clear cancels it.
    const again = await valid(
      messageAfter([
        change(1, 'no_data', 'clear'),
        change(2, 'clear', 'stop'),
        change(3, 'stop', 'no_data', 'data'),
        change(4, 'no_data', 'clear', 'data', []),
      ]),
    );
    expect(text(again, 'msgType')).toBe('Cancel');
    expect(text(again, 'references')).toBe(`${ref(2)} ${ref(3)}`);
  });

  it('no data with nothing standing is an Alert of Unknown severity, as is a site never judged', async () => {
    const lost = await valid(
      messageAfter([
        change(1, 'no_data', 'clear'),
        change(2, 'clear', 'no_data', 'data', ['no fresh current conditions since 18:01 UTC']),
      ]),
    );
    expect(text(lost, 'msgType')).toBe('Alert');
    expect(text(lost, 'severity')).toBe('Unknown');
    expect(text(lost, 'urgency')).toBe('Unknown');
    expect(text(lost, 'certainty')).toBe('Unknown');
    expect(text(lost, 'event')).toBe('No current data');

    const fresh = await valid(messageAfter([]));
    expect(text(fresh, 'identifier')).toBe('site-yard1-0');
    expect(text(fresh, 'msgType')).toBe('Alert');
    expect(text(fresh, 'severity')).toBe('Unknown');
    expect(text(fresh, 'sent')).toBe('2026-07-15T18:00:00+00:00');
  });

  it('a history read only in part starts in the episode its first change left', () => {
    const changed = latestStep(site.id, [change(7, 'stop', 'caution')], false);
    expect(changed).toMatchObject({ msgType: 'Update', references: [] });
    const step = latestStep(
      site.id,
      [change(7, 'stop', 'caution'), change(8, 'caution', 'clear', 'lightning', [])],
      false,
    );
    expect(step).toMatchObject({ msgType: 'Cancel', references: [{ identifier: 'site-yard1-7' }] });
    const quiet = latestStep(site.id, [change(7, 'clear', 'watch')], false);
    expect(quiet).toBeUndefined();
  });

  it('a drill is an Exercise: the stop it rehearses, said to be a drill', async () => {
    const xml = await valid(drillCap(origin, site, { id: 'd-1_x', at: at(5) }));
    expect(text(xml, 'status')).toBe('Exercise');
    expect(text(xml, 'msgType')).toBe('Alert');
    expect(text(xml, 'identifier')).toBe('drill-d-1_x');
    expect(text(xml, 'severity')).toBe('Severe');
    expect(text(xml, 'headline')).toBe(
      'DRILL: STOP at North yard (a drill; no site changed level)',
    );
    expect(text(xml, 'instruction')).toMatch(/^This is a drill/);
  });

  it('escapes a site name with every markup character, and drops what XML cannot hold', async () => {
    const name = `Smith & Sons <"North"> 'yard'\u0007`;
    const xml = await valid(messageAfter([change(1, 'no_data', 'stop')], { ...site, name }));
    expect(xml).toContain('Smith &amp; Sons &lt;&quot;North&quot;&gt; &apos;yard&apos;');
    expect(text(xml, 'areaDesc')).toBe(`Smith & Sons <"North"> 'yard'`);
    expect(text(xml, 'headline')).toBe(`STOP at Smith & Sons <"North"> 'yard' (was NO DATA)`);
  });
});

describe('the Atom feed', () => {
  it('lists entries newest first, each linking its CAP message, well-formed with names escaped', async () => {
    const odd = { ...site, id: 'odd', name: 'A&B <yard>' };
    const stop = latestStep(odd.id, [addedTransition(created), change(1, 'no_data', 'stop')], true);
    if (!stop) throw new Error('no message');
    const feed = capFeed(
      origin,
      [siteEntry(origin, odd, stop), drillEntry(origin, site, { id: 'd1', at: at(3) })],
      at(4),
    );
    expect(await xmlErrors(feed)).toEqual([]);
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(text(feed, 'updated')).toBe(new Date(at(3)).toISOString());
    expect(texts(feed, 'title').slice(1)).toEqual([
      'DRILL: STOP at North yard (a drill; no site changed level)',
      'STOP at A&B <yard> (was NO DATA)',
    ]);
    expect(feed).toContain(
      '<link rel="alternate" href="https://skydeck.example/api/cap/sites/odd" type="application/cap+xml"/>',
    );
    expect(feed).toContain('href="https://skydeck.example/api/cap/drills/d1"');
  });

  it('an empty feed is still a valid feed, updated now', async () => {
    const feed = capFeed(origin, [], at(9));
    expect(await xmlErrors(feed)).toEqual([]);
    expect(texts(feed, 'entry')).toEqual([]);
    expect(text(feed, 'updated')).toBe(new Date(at(9)).toISOString());
  });
});

describe('escapeXml', () => {
  it('escapes the five markup characters and keeps tabs, new lines and astral characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('a\tb\nc\r🌩')).toBe('a\tb\nc\r🌩');
  });

  it('drops characters XML 1.0 cannot carry: controls, lone surrogates, U+FFFE', () => {
    expect(escapeXml('a\u0000b\u001Fc\uD800d\uDC00e\uFFFEf')).toBe('abcdef');
  });
});
