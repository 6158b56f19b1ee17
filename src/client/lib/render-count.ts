/**
 * Render counts for tests that check a component stays still (the map while panning). Nothing is
 * counted unless a test created `window.__skydeckRenders` before the app started.
 */
export function countRender(name: string): void {
  const counts = window.__skydeckRenders;
  if (counts) counts[name] = (counts[name] ?? 0) + 1;
}
