import type { Tone } from './alarm-level';

/**
 * The tones, generated with the Web Audio API (no audio files): stop a loud two-tone siren three
 * times over, caution two soft beeps. A pattern is notes in a row, each a pitch for a while.
 */
export interface TonePattern {
  wave: OscillatorType;
  /** Peak gain, 0–1. */
  gain: number;
  notes: readonly { hz: number; ms: number }[];
}

const siren = [
  { hz: 960, ms: 220 },
  { hz: 720, ms: 220 },
];

export const tonePatterns: Record<Tone, TonePattern> = {
  stop: { wave: 'square', gain: 0.35, notes: [...siren, ...siren, ...siren] },
  caution: {
    wave: 'sine',
    gain: 0.18,
    notes: [
      { hz: 660, ms: 160 },
      { hz: 0, ms: 120 },
      { hz: 660, ms: 160 },
    ],
  },
};

/** Short ramps at each note's edges: a hard cut clicks. */
const rampS = 0.01;

/** Plays a tone on the context now. A suspended context (no gesture yet) plays nothing. */
export function playTone(context: AudioContext, tone: Tone): void {
  if (context.state !== 'running') return;
  const pattern = tonePatterns[tone];
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = pattern.wave;
  oscillator.connect(gain).connect(context.destination);
  let at = context.currentTime;
  gain.gain.setValueAtTime(0, at);
  for (const note of pattern.notes) {
    const end = at + note.ms / 1000;
    if (note.hz > 0) {
      oscillator.frequency.setValueAtTime(note.hz, at);
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(pattern.gain, at + rampS);
      gain.gain.setValueAtTime(pattern.gain, end - rampS);
      gain.gain.linearRampToValueAtTime(0, end);
    }
    at = end;
  }
  oscillator.start();
  oscillator.stop(at);
  oscillator.onended = () => gain.disconnect();
}
