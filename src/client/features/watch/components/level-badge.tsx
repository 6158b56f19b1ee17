import type { SiteStatusJson } from '../../../../shared/api/watch-answers';
import { levelText } from '../lib/status-text';
import './level-badge.css';

/**
 * A level as colour and words together, never colour alone. Without data the badge is grey, its
 * edge in the colour of the level the site last had.
 */
export function LevelBadge({
  status,
  size = 'normal',
}: {
  status: Pick<SiteStatusJson, 'level' | 'last_level'> & { off_hours?: boolean };
  size?: 'normal' | 'large';
}) {
  const edge =
    status.level === 'no_data' && status.last_level ? ` level--edge-${status.last_level}` : '';
  return (
    <span
      className={`level-badge level--${status.level}${edge}${size === 'large' ? ' level-badge--large' : ''}`}
      data-testid="level-badge"
      data-level={status.level}
      data-off-hours={status.off_hours ? 'true' : undefined}
    >
      {levelText(status)}
    </span>
  );
}
