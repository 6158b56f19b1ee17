import { useQuery } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../../../lib/client-config-query';
import './demo-badge.css';

/** Says plainly when the weather on screen is simulated. */
export function DemoBadge() {
  const { data } = useQuery(clientConfigQueryOptions());
  // Its room is kept while the mode is unknown: on a phone the badge decides whether the top
  // bar wraps, and the page below would jump when it came.
  if (!data)
    return (
      <span className="demo-badge demo-badge--pending" aria-hidden="true">
        Demo data
      </span>
    );
  if (data.mode !== 'demo') return null;
  return (
    <span
      className="demo-badge"
      title="No provider key is set: the weather comes from the built-in simulator"
    >
      Demo data
    </span>
  );
}
