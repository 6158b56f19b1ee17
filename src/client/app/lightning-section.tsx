import { LightningControls } from '../features/lightning/components/lightning-controls';
import { LightningHistoryControls } from '../features/lightning/components/lightning-history-controls';
import { LightningPolar } from '../features/lightning/components/lightning-polar';
import { SafetySettings } from '../features/lightning/components/safety-settings';
import { SafetyStatus } from '../features/lightning/components/safety-status';

/** Lightning's part of the side panel: one chunk, loaded when the layer is switched on. */
export default function LightningSection({ lat, lon }: { lat: number; lon: number }) {
  return (
    <>
      <SafetyStatus lat={lat} lon={lon} />
      <SafetySettings />
      <LightningHistoryControls lat={lat} lon={lon} />
      <LightningControls lat={lat} lon={lon} />
      <LightningPolar lat={lat} lon={lon} />
    </>
  );
}
