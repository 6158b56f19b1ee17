// `npm start`: bring the builds up to date, then run the compiled BFF in this same process. npm
// runs the script through `sh -c`, which the script's `exec` replaces with this process, so the
// SIGTERM or SIGINT npm forwards reaches the server's own handlers. (A shell left in between
// dies of the signal, npm exits, and the server carries on, orphaned and still answering.)
await import('./ensure-build.mjs');

// The bundle's linked source map turns stack traces in the logs back into TypeScript lines.
process.setSourceMapsEnabled(true);
await import(new URL('../dist/server/main.js', import.meta.url).href);
