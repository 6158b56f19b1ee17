import { create } from 'zustand';

/**
 * How the board is kept current: the live stream, or polling while the stream is down (and
 * being retried). Off where no view of the watch is open.
 */
export type StreamMode = 'off' | 'connecting' | 'live' | 'polling';

const useStreamStore = create<{ mode: StreamMode }>()(() => ({ mode: 'off' }));

export const useStreamMode = () => useStreamStore((state) => state.mode);
export const setStreamMode = (mode: StreamMode) => useStreamStore.setState({ mode });
