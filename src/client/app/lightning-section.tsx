import { lazy, Suspense } from 'react';
import { LightningControls } from '../features/lightning/components/lightning-controls';
import { LightningHistoryControls } from '../features/lightning/components/lightning-history-controls';
import { LightningPolar } from '../features/lightning/components/lightning-polar';
import { SafetySettings } from '../features/lightning/components/safety-settings';
import { SafetyStatus } from '../features/lightning/components/safety-status';

// The watch's sites, so a point that is a watched site is judged by the site's policy.
const WatchedSitesFeed = lazy(() => import('../features/watch/components/watched-sites-feed'));

/** Lightning's part of the side panel: one chunk, loaded when the layer is switched on. */
export default function LightningSection({ lat, lon }: { lat: number; lon: number }) {
  return (
    <>
      <Suspense fallback={null}>
        <WatchedSitesFeed />
      </Suspense>
      <SafetyStatus lat={lat} lon={lon} />
      <SafetySettings lat={lat} lon={lon} />
      <LightningHistoryControls lat={lat} lon={lon} />
      <LightningControls lat={lat} lon={lon} />
      <LightningPolar lat={lat} lon={lon} />
    </>
  );
}
