import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import { LongestFirst } from './tests/support/longestFirst';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { expandSharedHead } from './scripts/sharedHead';
import { MANIFEST_ICONS } from './scripts/iconSizes';
import { compileHints } from './scripts/compileHints';
import { firstPressChunks } from './scripts/firstPressChunks';
import { chunkClosure, readViteManifest, STAFF_ENTRY } from './scripts/viteManifest';
import { APP_SHELL_PAGE, GET_STARTED_PAGE } from './src/app/serviceWorkerScope';

// `/` is the landing page (its own small entry); every other route belongs to the app shell.
const appShellFallback: Plugin = {
  name: 'app-shell-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '/';
      const path = url.split('?')[0];
      const isAsset =
        path.includes('.') ||
        path.startsWith('/@') ||
        path.startsWith('/src/') ||
        path.startsWith('/node_modules/');
      const isBackend = path.startsWith('/api') || path.startsWith('/dev/') || path === '/healthz';
      if (path !== '/' && !isAsset && !isBackend) req.url = '/app.html' + url.slice(path.length);
      next();
    });
  },
};

// What every page's head starts with, written once (scripts/sharedHead.ts).
const sharedHead: Plugin = {
  name: 'shared-head',
  transformIndexHtml: { order: 'pre', handler: expandSharedHead },
};

/** The server project's settings. */
const serverTests = {
  environment: 'node' as const,
  globalSetup: ['tests/support/pgliteTemplate.ts'],
  hookTimeout: 60_000,
};

const uiTests = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/ui/setup.ts'],
};
/**
 * The files that mock the step list to add a throwaway step (tests/support/petsStepMocks.ts). The other files of their
 * kind share one module registry per worker (`isolate: false`: no import of the app again for each file), where a
 * mock would change the modules for every file after it, and would come too late for modules already imported: each
 * of these runs in a project of its own kind with a registry of its own.
 */
const MOCKING = {
  unit: ['tests/machines/steps.test.ts'],
  ui: ['tests/ui/throwawayStep.test.tsx'],
  server: ['tests/server/erasure-steps.test.ts'],
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

// What the build prerenders (scripts/prerender.ts): `vite build --ssr` makes these into dist/ssr/<name>.js.
const prerendered = {
  'entry-server': resolve(import.meta.dirname, 'src/landing/entry-server.tsx'),
  'apply-server': resolve(import.meta.dirname, 'src/app/entry-server.tsx'),
  'privacy-server': resolve(import.meta.dirname, 'src/privacy/entry-server.tsx'),
};

/**
 * The service worker and the web app manifest (docs/decisions/168-the-service-worker-s-cache-rules.md). The worker
 * (src/sw.ts) precaches what an applicant's pages load: every chunk and stylesheet `/apply` and the app shell reach,
 * with their `import()`s, except the staff pages'; and `/apply` and the app shell themselves as the server answers
 * them, under one revision for the whole build, so that a new build refetches them with its chunks.
 */
function serviceWorker(): Plugin[] {
  let outDir = 'dist/client';
  const outDirOf: Plugin = {
    name: 'service-worker-out-dir',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
  };
  const applicantOnly = (entries: { url: string; revision: string | null; size: number }[]) => {
    const manifest = readViteManifest(outDir);
    if (!manifest[STAFF_ENTRY])
      throw new Error(`the manifest names no ${STAFF_ENTRY}: which chunks are staff's?`);
    const applicant = chunkClosure(manifest, ['apply.html', 'app.html'], {
      dynamic: true,
      css: true,
      stopAt: [STAFF_ENTRY],
    });
    const kept = entries.filter((entry) => applicant.has(`/${entry.url}`));
    const build = createHash('sha256')
      .update(kept.map((entry) => `${entry.url} ${entry.revision ?? ''}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    const pages = [GET_STARTED_PAGE, APP_SHELL_PAGE].map((url) => ({ url, revision: build, size: 0 }));
    return { manifest: [...kept, ...pages], warnings: [] };
  };
  return [
    outDirOf,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by the app itself, once the first press is answered (src/app/serviceWorker.ts).
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css}'],
        manifestTransforms: [applicantOnly],
        rollupFormat: 'iife',
      },
      manifest: {
        name: 'The Employment Bootcamp application',
        short_name: 'Bootcamp',
        description: 'Apply to The Employment Bootcamp, a 12-week online early-careers programme.',
        start_url: GET_STARTED_PAGE,
        scope: '/',
        display: 'standalone',
        theme_color: '#0b3d2e',
        background_color: '#ffffff',
        icons: MANIFEST_ICONS.map(({ file, size }) => ({
          src: file,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
      },
    }),
  ];
}

// `vite build --ssr --mode server`: the server itself, one file with its packages left to node_modules (decision 024).
const serverBuild = { main: resolve(import.meta.dirname, 'server/main.ts') };

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    appShellFallback,
    sharedHead,
    ...(isSsrBuild ? [] : [compileHints(), ...serviceWorker()]),
  ],
  // The server's build needs none of the client's public files.
  publicDir: mode === 'server' ? false : 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The server's stack traces name its source files (it runs with --enable-source-maps).
    sourcemap: mode === 'server',
    // dist/client/.vite/manifest.json: scripts/prerender.ts reads it to preload `/apply`'s app in one wave, and
    // scripts/compileHints.ts the same wave from the bundle.
    manifest: true,
    // The prerendered pages' HTML names one script and nothing else: on a slow connection, requests made before
    // the first paint delay it (`/` and `/apply` paint from their HTML alone). The chunks an `import()` needs are still
    // fetched together when it runs. Every browser the app supports has modulepreload: no polyfill.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' && /(index|apply)\.html$/.test(hostId) ? [] : deps,
    },
    rollupOptions: {
      input: isSsrBuild
        ? mode === 'server'
          ? serverBuild
          : prerendered
        : {
            index: resolve(import.meta.dirname, 'index.html'),
            app: resolve(import.meta.dirname, 'app.html'),
            // `/apply`: Get Started prerendered, the app hydrating it after the page has loaded.
            apply: resolve(import.meta.dirname, 'apply.html'),
            // `/privacy`: the notice, prerendered, no script (filled by server/privacyPage.ts).
            privacy: resolve(import.meta.dirname, 'privacy.html'),
          },
      // `/apply`'s first press in a few chunks; each module still runs when first imported (decision 194).
      output: isSsrBuild
        ? {}
        : { strictExecutionOrder: true, codeSplitting: { groups: firstPressChunks(import.meta.dirname) } },
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/dev': apiTarget, '/healthz': apiTarget },
  },
  test: {
    // Two test files at once, even on a 2-core machine (Vitest's default there is one): a second file fills the core
    // the first leaves idle while it waits on its database. Each file has its own data directory or schema. The
    // browser files run two at a time too, after the others (below).
    maxWorkers: 2,
    // Room for a loaded 2-core machine; the browser files have more (below).
    testTimeout: 30_000,
    // A test that never reaches an `expect` proves nothing: it fails.
    expect: { requireAssertions: true },
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/rules/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/rehearsal/invariants.test.ts',
            'tests/rehearsal/report.test.ts',
            'tests/rehearsal/sink.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...MOCKING.unit],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-mocking', environment: 'node', include: MOCKING.unit },
      },
      {
        extends: true,
        test: {
          name: 'server',
          ...serverTests,
          include: ['tests/server/**/*.test.ts', 'tests/rehearsal/quick.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING.server],
          // Importing the server again for each file cost about 2 s of CPU. Nothing a file changes outlives it: its
          // databases are released after it (tests/server/setup.ts).
          isolate: false,
          setupFiles: ['tests/server/setup.ts'],
        },
      },
      {
        extends: true,
        // Without the set-up file, which imports the app before the mock: the file releases its databases itself.
        test: { name: 'server-mocking', ...serverTests, include: MOCKING.server },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          ...uiTests,
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKING.ui],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'ui-mocking', ...uiTests, include: MOCKING.ui } },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/pgliteTemplate.ts', 'tests/e2e/support/browserSetup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A page waited for ends the wait as soon as it is there; under load it may take more than a second.
          expect: { poll: { timeout: 20_000 } },
          // Two at a time, after every other file (the group after theirs): each is a server and a Chromium, and a
          // browser file mostly waits on them. Its waits end on the work, not a clock (docs/architecture.md, "Tests").
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
}));
