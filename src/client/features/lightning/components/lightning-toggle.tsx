import { updateViewState, useViewState } from '../../../app/use-view-state';
import './lightning-toggle.css';

/** Switches the lightning layer (and with it the safety status) on and off; kept in the URL. */
export function LightningToggle() {
  const view = useViewState();
  const on = view.layers.includes('lightning');
  return (
    <button
      type="button"
      className="layer-toggle"
      aria-pressed={on}
      onClick={() =>
        updateViewState((current) => ({
          ...current,
          layers: on
            ? current.layers.filter((layer) => layer !== 'lightning')
            : [...current.layers, 'lightning'],
        }))
      }
    >
      <span aria-hidden="true">⚡</span> Lightning
    </button>
  );
}
