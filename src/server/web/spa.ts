import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

export interface SpaOptions {
  /** Answer *.map files; without it they are 404 so a deployment does not publish its sources. */
  serveSourceMaps?: boolean;
}

/**
 * The production build: hashed assets cached for a year, and every other path answered with
 * index.html so deep links work. HTML is never cached without asking again, so a new
 * deployment is picked up however index.html was reached (`/`, `/index.html`, a deep link).
 */
export function spaRoutes(staticDir: string, { serveSourceMaps = false }: SpaOptions = {}) {
  const app = new Hono();
  const root = resolve(staticDir);
  const indexPath = join(root, 'index.html');
  const publicPagePath = join(root, 'public-status.html');
  const isSourceMap = (path: string) => path.endsWith('.map');

  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html'))
      c.header('Cache-Control', 'no-cache');
  });
  // The service worker and the manifest keep their names across deployments: asked again each
  // time, so a new deployment's worker (and icons) are picked up on the next load.
  app.use('/sw.js', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
  });
  app.use('/manifest.webmanifest', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
  });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  if (!serveSourceMaps)
    app.use('*', async (c, next) => {
      if (isSourceMap(c.req.path)) return c.text('Not found', 404);
      await next();
    });
  // Without a build (dev mode, tests) there is nothing to serve but the explanation below.
  if (existsSync(root)) app.use('*', serveStatic({ root, precompressed: true }));
  // A shared site's public status page: its own small entry, not the dashboard.
  app.get('/s/*', (c) => {
    if (!existsSync(publicPagePath))
      return c.text('The public status page has not been built. Run `npm run build`.', 503);
    return c.html(readFileSync(publicPagePath, 'utf8'));
  });
  app.get('*', (c) => {
    // A missing map is missing: index.html in its place would only confuse the devtools.
    if (isSourceMap(c.req.path)) return c.text('Not found', 404);
    if (!existsSync(indexPath)) {
      return c.text(
        'The dashboard has not been built. Run `npm start` (which builds it) or `npm run build`.',
        503,
      );
    }
    return c.html(readFileSync(indexPath, 'utf8'));
  });
  return app;
}
