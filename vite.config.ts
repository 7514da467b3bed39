import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './pwa/scripts/precompress';
import { landingPages, type LandingPage } from './pwa/scripts/landing-pages';

const apiServer = 'http://127.0.0.1:3000';
const brand = '#0b63ce';
// What every page runs: React, the router, React Query's queries (useMutation only where something
// changes) and pwa/src/lib but its booking-flow logic (lib/trip).
const coreModule = (id: string) =>
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]|pwa[\\/]src[\\/]lib[\\/]/.test(id) &&
  !/useMutation|mutationObserver|lib[\\/]trip[\\/]/.test(id);
// Where first visits land: the home page (pre-rendered) and a shared listing.
const landing: LandingPage[] = [
  { path: '/', file: 'home.html', module: 'pages/home/home-page.tsx', prerender: true },
  { path: '/listing', file: 'listing.html', module: 'pages/listing/listing-page.tsx' },
];
// The search panel of the home page and the listing, with the search logic it shares (lib/trip) and
// the fares' settings a listing reads (one file instead of three small ones).
const searchModule =
  /features[\\/]search[\\/]|lib[\\/]trip[\\/](search-values|search-storage|stored-search|local-today|use-airports|use-flights|use-class-ratio|use-public-settings)|components[\\/]ui[\\/](dropdown|use-dropdown|text-field)|sync[\\/](constants|fare\.ts)/;

// NOTE: react-router's package exports name only its development build (remix-run/react-router#12532,
// meant to be temporary), which keeps its development warnings in the bundle; its production build is
// the same code with them off.
const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig({
  root: 'pwa',
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  build: {
    outDir: '../dist/pwa',
    emptyOutDir: true,
    // Browsers without modulepreload still load every module, just without the head start.
    // NOTE: a visitor's lazy page lists only its style sheets, which nothing else loads; its scripts come
    // with the import itself, a round trip later per level of imports on a first visit only (the service
    // worker precaches them all). The list of every page's scripts cost each first visit 1.4 KB gzip.
    // The signed-in pages, imported from their own file, list their scripts: on a slow link (2 s a round
    // trip) a fresh admin device waited 11 s for the review queue's scripts, one level at a time.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType === 'html' || path.basename(hostId).startsWith('signed-in-pages-') || path.basename(file).startsWith('sync-runner-')
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        // NOTE: two files instead of the many small shared chunks the default split makes: fewer requests
        // before the first page shows, and less gzip.
        codeSplitting: {
          groups: [
            { name: 'core', test: coreModule },
            { name: 'search', test: searchModule },
            // NOTE: zod on its own: left to the default split, it lands in the entry chunk (every page's).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/socket.io': { target: apiServer, ws: true },
    },
  },
  plugins: [
    react(),
    landingPages(landing),
    precompressAssets(),
    VitePWA({
      registerType: 'prompt',
      // NOTE: the app registers the worker itself (use-service-worker.ts); the CSP forbids inline scripts.
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'SkyWay Airlines',
        short_name: 'SkyWay',
        description: 'Search flights, book seats and track your bookings with SkyWay Airlines.',
        theme_color: brand,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The worker is our own (src/sw.ts: precache, offline shell, images, update prompt, Web Push); the build injects its precache list.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Offline, every page starts from index.html; the landing pages' HTML is for first visits.
        globIgnores: landing.map((page) => page.file),
        rollupFormat: 'iife',
      },
    }),
  ],
});
