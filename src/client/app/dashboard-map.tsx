import { LightningLayer } from '../features/lightning/components/lightning-layer';
import { LightningLegend } from '../features/lightning/components/lightning-legend';
import { StrikePopup } from '../features/lightning/components/strike-popup';
import { strikeLayerId } from '../features/lightning/lib/strike-features';
import { WeatherMap } from '../features/map/components/weather-map';
import { layersKey, selectionView } from '../features/map/url-state';
import { useLinkView, useUrlValue } from '../lib/url-state/link';

const strikeLayers = [strikeLayerId];
const noLayers: string[] = [];

/** The map with the layers switched on: the map feature draws, lightning adds its own. */
export function DashboardMap() {
  const selection = useLinkView(selectionView);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  return (
    <WeatherMap
      interactiveLayerIds={lightningOn ? strikeLayers : noLayers}
      overlay={lightningOn && <LightningLegend point={selection} />}
    >
      {selection && lightningOn && <LightningLayer lat={selection.lat} lon={selection.lon} />}
      {lightningOn && <StrikePopup />}
    </WeatherMap>
  );
}
