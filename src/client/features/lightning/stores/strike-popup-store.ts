import { create } from 'zustand';
import type { StrikeProperties } from '../lib/strike-features';

export interface SelectedStrike {
  lon: number;
  lat: number;
  properties: StrikeProperties;
}

/** The strike whose details are open on the map, if any: one at a time. */
const useStrikePopupStore = create<{ strike: SelectedStrike | undefined }>()(() => ({
  strike: undefined,
}));

export const useOpenStrike = () => useStrikePopupStore((state) => state.strike);
export const openStrike = (strike: SelectedStrike) => useStrikePopupStore.setState({ strike });
export const closeStrike = () => useStrikePopupStore.setState({ strike: undefined });
