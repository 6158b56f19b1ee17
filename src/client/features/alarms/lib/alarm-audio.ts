import type { Tone } from './alarm-level';
import { playTone } from './alarm-tones';

/**
 * The page's one AudioContext. Browsers start it suspended unless it is created or resumed in a
 * user's gesture, so it is made when the operator turns the sound on, and resumed on their next
 * click or key press after a reload. A kiosk cannot be clicked: its browser needs autoplay
 * allowed (Chromium: --autoplay-policy=no-user-gesture-required).
 */
let context: AudioContext | undefined;
const listeners = new Set<() => void>();

function contextClass(): typeof AudioContext | undefined {
  if (typeof window === 'undefined') return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  );
}

/** Whether this browser can sound at all, and whether it may now. */
export type AudioState = 'unsupported' | 'off' | 'suspended' | 'running';

export function audioState(): AudioState {
  if (!contextClass()) return 'unsupported';
  if (!context) return 'off';
  return context.state === 'running' ? 'running' : 'suspended';
}

export function subscribeAudio(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((listener) => listener());

/** Creates or resumes the context: in a gesture this lets the page sound from then on. */
export function unlockAudio(): void {
  const Context = contextClass();
  if (!Context) return;
  if (!context) {
    context = new Context();
    context.addEventListener('statechange', changed);
  }
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  changed();
}

/** Unlocks on the page's next click or key press (the sound was on before a reload). */
export function unlockOnNextGesture(): () => void {
  const unlock = () => {
    unlockAudio();
    remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return remove;
}

export function sound(tone: Tone): void {
  if (context) playTone(context, tone);
}
