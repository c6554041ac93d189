/**
 * How the built server runs, as `npm start` runs it: the server's own modules in one file that `npm run build`
 * writes, its packages loaded from node_modules, its stack traces mapped back to the TypeScript sources
 * (docs/decisions/024-one-process-per-pglite-directory.md, "The server runs from its build").
 */
export const SERVER_BUILD = 'dist/server/main.js';

/** `node`'s arguments for the built server. */
export const SERVER_ARGS = ['--enable-source-maps', SERVER_BUILD];
