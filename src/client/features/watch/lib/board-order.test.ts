import { describe, expect, it } from 'vitest';
import { boardOrder, levelCounts } from './board-order';
import { testSite } from './test-sites';

describe('boardOrder', () => {
  it('puts the worst first: stop, no data, caution, watch, clear', () => {
    const sites = [
      testSite('1', 'Alpha', { level: 'clear' }),
      testSite('2', 'Bravo', { level: 'watch' }),
      testSite('3', 'Charlie', { level: 'no_data', last_level: 'clear' }),
      testSite('4', 'Delta', { level: 'caution' }),
      testSite('5', 'Echo', { level: 'stop' }),
    ];
    expect(boardOrder(sites).map((site) => site.status.level)).toEqual([
      'stop',
      'no_data',
      'caution',
      'watch',
      'clear',
    ]);
  });

  it('orders sites without data by the level they last had, then by name', () => {
    const sites = [
      testSite('1', 'Alpha', { level: 'no_data', last_level: null }),
      testSite('2', 'Bravo', { level: 'no_data', last_level: 'clear' }),
      testSite('3', 'Charlie', { level: 'no_data', last_level: 'stop' }),
      testSite('4', 'Delta', { level: 'no_data', last_level: 'caution' }),
      testSite('5', 'Able', { level: 'no_data', last_level: 'caution' }),
    ];
    expect(boardOrder(sites).map((site) => site.name)).toEqual([
      'Charlie',
      'Able',
      'Delta',
      'Bravo',
      'Alpha',
    ]);
  });

  it('keeps a level’s sites in name order and leaves its input alone', () => {
    const sites = [testSite('b', 'Yard'), testSite('a', 'Depot'), testSite('c', 'Depot')];
    expect(boardOrder(sites).map((site) => site.id)).toEqual(['a', 'c', 'b']);
    expect(sites.map((site) => site.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('levelCounts', () => {
  it('counts the levels present, worst first', () => {
    const sites = [
      testSite('1', 'A'),
      testSite('2', 'B', { level: 'stop' }),
      testSite('3', 'C'),
      testSite('4', 'D', { level: 'no_data' }),
    ];
    expect(levelCounts(sites)).toEqual([
      { level: 'stop', count: 1 },
      { level: 'no_data', count: 1 },
      { level: 'clear', count: 2 },
    ]);
  });
});
