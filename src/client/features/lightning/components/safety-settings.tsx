import { updateViewState, useViewState } from '../../../app/use-view-state';

/** The site's rule: stop radius and all-clear time, in the URL as stop_km and clear_min. */
export function SafetySettings() {
  const view = useViewState();
  return (
    <fieldset className="control-group safety-settings">
      <legend>Safety rule</legend>
      <label>
        Stop radius (km)
        <input
          type="number"
          min={1}
          max={37}
          value={view.stopKm}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (value >= 1 && value <= 37)
              updateViewState((current) => ({ ...current, stopKm: value }));
          }}
        />
      </label>
      <label>
        All clear after (min)
        <input
          type="number"
          min={5}
          max={45}
          value={view.clearMinutes}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (value >= 5 && value <= 45)
              updateViewState((current) => ({ ...current, clearMinutes: value }));
          }}
        />
      </label>
    </fieldset>
  );
}
