import type { StatusLevel } from '../../shared/safety/site-policy';

/**
 * What each level asks of the people on site, in plain words for the public page (a parent, a
 * coach), beside the board's label for it (`levelLabels`): never milder than the label.
 */
export const levelMeanings: Record<StatusLevel, string> = {
  stop: 'Play suspended: everyone to shelter now, until the all-clear.',
  caution: 'Be ready to stop: weather is close to the stop threshold.',
  watch: 'Weather is being watched nearby; activity goes on.',
  clear: 'No rule of the site’s safety policy is met on fresh data; activity goes on.',
  no_data: 'The watch has no current data: do not treat the site as clear.',
};

/** The levels as the page explains them, most severe first. */
export const publicLevelOrder = ['stop', 'caution', 'watch', 'clear', 'no_data'] as const;
