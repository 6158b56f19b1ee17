/**
 * The dot beside a place label. It is the label's icon rather than a circle layer of its own, so
 * collision keeps dot and name together: no name lies over another place's dot.
 */
export const placeDotId = 'place-dot';
/** The same dot under the names the Protomaps style gives its place dots (it has no sprite here). */
export const dotImageIds = [placeDotId, 'townspot', 'capital'] as const;

const pixelRatio = 2;
const diameter = 5 * pixelRatio;

/** A filled circle with a soft edge in a #rrggbb colour, as the raw RGBA that addImage takes. */
export function placeDotImage(colour: string) {
  const rgb = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  const data = new Uint8Array(diameter * diameter * 4);
  const centre = diameter / 2;
  for (let y = 0; y < diameter; y++) {
    for (let x = 0; x < diameter; x++) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      const coverage = Math.min(1, Math.max(0, centre - distance + 0.5));
      const offset = (y * diameter + x) * 4;
      data.set([...rgb, Math.round(255 * coverage)], offset);
    }
  }
  return { image: { width: diameter, height: diameter, data }, options: { pixelRatio } };
}
