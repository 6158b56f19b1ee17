import type { StatusLevel } from './site-policy';

/** A level in words, as the board shows it beside (never instead of) its colour. */
export const levelLabels: Record<StatusLevel, string> = {
  stop: 'STOP',
  no_data: 'NO DATA',
  caution: 'CAUTION',
  watch: 'WATCH',
  clear: 'CLEAR',
};
