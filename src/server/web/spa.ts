import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * The production build: hashed assets cached for a year, and every other path answered with
 * index.html (never cached, so a new deployment is picked up) so deep links work.
 */
export function spaRoutes(staticDir: string) {
  const app = new Hono();
  const root = resolve(staticDir);
  const indexPath = join(root, 'index.html');

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Without a build (dev mode, tests) there is nothing to serve but the explanation below.
  if (existsSync(root)) app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text(
        'The dashboard has not been built. Run `npm start` (which builds it) or `npm run build`.',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
  return app;
}
