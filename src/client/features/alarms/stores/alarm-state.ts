import { create } from 'zustand';

/** Whether a stop is sounding again and again: the alarm control offers to silence it. */
const useAlarmState = create<{ repeating: boolean; silence: () => void }>()(() => ({
  repeating: false,
  silence: () => undefined,
}));

export const useAlarmRepeating = () => useAlarmState((state) => state.repeating);
export const useSilenceAlarm = () => useAlarmState((state) => state.silence);
export const setAlarmRepeating = (repeating: boolean, silence: () => void) =>
  useAlarmState.setState({ repeating, silence });
