import { updateLink, useUrlValue } from '../../../lib/url-state/link';
import { layersKey } from '../../map/public';
import './lightning-toggle.css';

/** Switches the lightning layer (and with it the safety status) on and off; kept in the URL. */
export function LightningToggle() {
  const on = useUrlValue(layersKey).includes('lightning');
  return (
    <button
      type="button"
      className="layer-toggle"
      aria-pressed={on}
      onClick={() =>
        updateLink((set, read) => {
          const layers = read(layersKey);
          set(
            layersKey,
            on ? layers.filter((layer) => layer !== 'lightning') : [...layers, 'lightning'],
          );
        })
      }
    >
      <span aria-hidden="true">⚡</span> Lightning
    </button>
  );
}
