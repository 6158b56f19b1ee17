let prepared = false;

/**
 * Draws one character on a small 2D canvas, once. MapLibre draws its label glyphs on such a
 * canvas (no glyph server), and Chromium sets up the GPU context behind the page's first 2D
 * canvas on its first draw, waiting on the GPU process: done here while the page is quiet, not
 * in the middle of the map's first labels, when the GPU process is busy drawing the map.
 */
export function prepareLabelCanvas(): void {
  if (prepared || typeof OffscreenCanvas === 'undefined') return;
  prepared = true;
  const context = new OffscreenCanvas(8, 8).getContext('2d', { willReadFrequently: true });
  if (!context) return;
  context.fillText('A', 0, 8);
  context.getImageData(0, 0, 1, 1);
}
