import { config } from 'zod';

// The page's CSP allows no eval (script-src 'self'), so Zod parses without compiling its parsers
// either way. Left to find out, it tries `new Function` once, and the browser reports the try as
// a CSP violation (an issue in DevTools, a mark against Lighthouse's best practices): Zod is told
// up front. Imported first by main.tsx, before any schema parses.
config({ jitless: true });
