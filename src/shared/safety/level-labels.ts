import type { StatusLevel } from './site-policy';

/** A level in words, as the board shows it beside (never instead of) its colour. */
export const levelLabels: Record<StatusLevel, string> = {
  stop: 'STOP',
  no_data: 'NO DATA',
  caution: 'CAUTION',
  watch: 'WATCH',
  clear: 'CLEAR',
};

/**
 * What each level asks of the people on site, in plain words for a public page (a parent, a
 * coach), beside its label: never milder than the label itself.
 */
export const levelMeanings: Record<StatusLevel, string> = {
  stop: 'Play suspended: everyone to shelter now, until the all-clear.',
  caution: 'Be ready to stop: weather is close to the stop threshold.',
  watch: 'Weather is being watched nearby; activity goes on.',
  clear: 'No rule of the site’s safety policy is met on fresh data; activity goes on.',
  no_data: 'The watch has no current data: do not treat the site as clear.',
};

/** The levels as a public page explains them, most severe first. */
export const publicLevelOrder = ['stop', 'caution', 'watch', 'clear', 'no_data'] as const;
