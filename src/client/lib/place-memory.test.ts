import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser's localStorage and `storage` events, enough for the store. */
function fakeBrowser(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  const listeners: ((event: { key: string | null }) => void)[] = [];
  const window = {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
    addEventListener: (_type: string, listener: (event: { key: string | null }) => void) =>
      listeners.push(listener),
  };
  vi.stubGlobal('window', window);
  return { items, fire: (key: string) => listeners.forEach((listener) => listener({ key })) };
}

const raleigh = { name: 'Raleigh', lat: 35.78, lon: -78.64 };
const paris = { name: 'Paris', lat: 48.85, lon: 2.35 };

async function loadStore() {
  vi.resetModules();
  return import('./place-memory');
}

afterEach(() => vi.unstubAllGlobals());

describe('remembered places', () => {
  it('keeps the lists the old keys held, so nobody loses their saved places', async () => {
    const browser = fakeBrowser({
      'skydeck:recent-places': JSON.stringify([paris, { name: 'broken' }]),
      'skydeck:saved-places': JSON.stringify([raleigh]),
    });
    const memory = await loadStore();
    expect(memory.placeLists()).toEqual({ recent: [paris], saved: [raleigh] });
    memory.toggleSaved(paris);
    const stored = JSON.parse(browser.items.get('skydeck:places')!);
    expect(stored).toEqual({ state: { recent: [paris], saved: [raleigh, paris] }, version: 1 });
  });

  it('reads corrupt storage as empty lists', async () => {
    fakeBrowser({ 'skydeck:places': '{not json', 'skydeck:saved-places': '[' });
    const memory = await loadStore();
    expect(memory.placeLists()).toEqual({ recent: [], saved: [] });
  });

  it('keeps recent places newest first, each once, at most eight', async () => {
    fakeBrowser({});
    const memory = await loadStore();
    for (let index = 0; index < 10; index += 1)
      memory.rememberRecent({ name: `P${index}`, lat: index, lon: index });
    memory.rememberRecent({ name: 'P3 again', lat: 3, lon: 3 });
    expect(memory.placeLists().recent.map((place) => place.name)).toEqual([
      'P3 again',
      'P9',
      'P8',
      'P7',
      'P6',
      'P5',
      'P4',
      'P2',
    ]);
  });

  it('follows another tab that changed the lists', async () => {
    const browser = fakeBrowser({});
    const memory = await loadStore();
    browser.items.set(
      'skydeck:places',
      JSON.stringify({ state: { recent: [], saved: [paris] }, version: 1 }),
    );
    browser.fire('skydeck:places');
    await vi.waitFor(() => expect(memory.placeLists().saved).toEqual([paris]));
  });
});
