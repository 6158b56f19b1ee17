import type { Tone } from './alarm-level';

/**
 * When the page sounds. A change to caution sounds once; a change to stop sounds at once and
 * again every `repeatMs` while it is still due (a followed site at stop whose change nobody has
 * acknowledged), the page's echo of the server's escalation, and at most `maxRepeats` times, so
 * a tab left alone does not sound for ever: by then the server's channels have escalated.
 */
export const alarmRepeat = { repeatMs: 60_000, maxRepeats: 10 } as const;

export interface AlarmSchedule {
  /** Sounds a tone now; a stop starts (or restarts) the repeats. */
  trigger(tone: Tone): void;
  /** Stops the repeats (acknowledged, silenced, the level dropped). */
  silence(): void;
  /** True while repeats of a stop are pending. */
  readonly repeating: boolean;
}

export interface ScheduleOptions {
  play: (tone: Tone) => void;
  /** Asked before each repeat; a repeat that is no longer due ends them. */
  stillDue: () => Promise<boolean>;
  repeatMs?: number;
  maxRepeats?: number;
  /** Told when repeats start and when they end, however they end. */
  onRepeating?: (repeating: boolean) => void;
}

export function alarmSchedule(options: ScheduleOptions): AlarmSchedule {
  const repeatMs = options.repeatMs ?? alarmRepeat.repeatMs;
  const maxRepeats = options.maxRepeats ?? alarmRepeat.maxRepeats;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by every trigger and silence, so an answer to a stale stillDue() is ignored.
  let generation = 0;

  const setTimer = (next: ReturnType<typeof setTimeout> | undefined) => {
    const was = timer !== undefined;
    timer = next;
    if (was !== (next !== undefined)) options.onRepeating?.(next !== undefined);
  };
  const stop = () => {
    clearTimeout(timer);
    setTimer(undefined);
    generation += 1;
  };

  const schedule = (repeat: number, current: number) => {
    if (repeat > maxRepeats) {
      setTimer(undefined);
      return;
    }
    setTimer(
      setTimeout(() => {
        void options
          .stillDue()
          // Cannot tell (offline): better one sound too many than a stop nobody hears.
          .catch(() => true)
          .then((due) => {
            if (current !== generation) return;
            if (!due) {
              setTimer(undefined);
              return;
            }
            options.play('stop');
            schedule(repeat + 1, current);
          });
      }, repeatMs),
    );
  };

  return {
    trigger(tone) {
      // A caution while a stop is repeating does not end the stop's repeats.
      if (tone === 'caution' && timer !== undefined) {
        options.play(tone);
        return;
      }
      stop();
      options.play(tone);
      if (tone === 'stop') schedule(1, generation);
    },
    silence: stop,
    get repeating() {
      return timer !== undefined;
    },
  };
}
