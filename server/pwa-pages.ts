import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { isAppRoute } from '../sync/app-routes';
import { FLIGHT_PAGE_MAX, LOWEST_FARE_DAYS_MAX } from '../sync/constants';
import { PAGE_DATA_ID, type PageData } from '../sync/page-data';
import { IsoDateSchema } from '../sync/schemas/common';
import type { Flight } from '../sync/schemas/flight';
import { LowestFaresQuerySchema } from '../sync/schemas/lowest-fares';
import type { AppContext } from './context';
import { listAirports, toAirportJson } from './services/catalogue/airports';
import { lowestFares } from './services/catalogue/lowest-fares';
import { publicSettings, readSettings } from './services/back-office/settings';

export const PWA_DIST = path.resolve(import.meta.dirname, '../dist/pwa');

/** Hashed assets the build also wrote brotli-compressed (name.br), sent so to browsers that take br. */
function precompressedAssets(dir: string) {
  const compressed = new Set(
    readdirSync(dir)
      .filter((name) => name.endsWith('.br'))
      .map((name) => name.slice(0, -'.br'.length)),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !compressed.has(name) || req.acceptsEncodings('br') !== 'br') {
      next();
      return;
    }
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(name));
    res.sendFile(path.join(dir, `${name}.br`));
  };
}

/** landing-pages.json: the paths the build wrote their own HTML for, and its file. */
function landingPages(dir: string): Record<string, string> {
  const file = path.join(dir, 'landing-pages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

type PageDataSource = (ctx: AppContext, query: unknown) => Promise<PageData | null>;

const IataSchema = z.string().regex(/^[A-Z]{3}$/);
const ListingQuerySchema = z.object({ from: IataSchema, to: IataSchema, date: IsoDateSchema, travelers: LowestFaresQuerySchema.shape.travelers.catch(1) });

/**
 * A listing URL's outbound flights and date strip, the airports and the public settings; nothing when the
 * URL holds no complete search. The flights are GET /api/flights' first page for the same search, taken
 * from the answers that route keeps (search-answers.ts): one read model for both.
 */
export const listingPageData: PageDataSource = async (ctx, query) => {
  const search = ListingQuerySchema.safeParse(query);
  if (!search.success) return null;
  const { from, to, date, travelers } = search.data;
  const answer = await ctx.searches.answer({ origin: from, destination: to, departureTime: date }, { page: 1, limit: FLIGHT_PAGE_MAX });
  const flights = JSON.parse(answer.bytes.toString()) as Flight[];
  const days = await lowestFares(ctx, { from, to, date, days: LOWEST_FARE_DAYS_MAX, travelers });
  return {
    flights: { origin: from, destination: to, date, flights },
    lowestFares: { from, to, date, travelers, days },
    airports: (await listAirports(ctx.db)).map(toAirportJson),
    settings: publicSettings(await readSettings(ctx.db)),
  };
};

/** The data as a script element the page reads; no `<` inside can close it, whatever a name holds. */
export function pageDataScript(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The page with its data before `</body>`. A function replacer, so a `$` in a name is never read as a replacement pattern. */
export function withPageData(html: string, data: PageData): string {
  return html.replace('</body>', () => `${pageDataScript(data)}</body>`);
}

/** What the server adds to a landing page's HTML, by path. */
const PAGE_DATA: Record<string, PageDataSource> = { '/listing': listingPageData };

/**
 * What a browser asks for to show a page: a navigation (Sec-Fetch-Dest: document or iframe), or a request
 * that does not say (an old browser, curl). A script, style or image asks for a file and never gets the app.
 */
function wantsPage(req: Request): boolean {
  const dest = req.get('sec-fetch-dest');
  return (dest === undefined || dest === 'document' || dest === 'iframe') && req.accepts('html') !== false;
}

/**
 * The SPA from `dir` (the build). A hashed asset that is not there (a tab still on the previous deploy)
 * answers 404, never the app's HTML, so the page fails loudly and the service worker's update takes over.
 * A navigation to a path that is no page of the app gets the app (which shows its not-found page) with 404.
 */
export function servePwa(app: express.Express, ctx: AppContext, dir = PWA_DIST) {
  if (!existsSync(dir)) return;
  const assets = path.join(dir, 'assets');
  if (existsSync(assets)) app.use('/assets', precompressedAssets(assets));
  app.use(
    express.static(dir, {
      index: false,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  const page = (file: string) => (req: Request, res: Response) => {
    // A path the app has no page for: its not-found page, said as 404 to browsers and crawlers alike.
    if (!isAppRoute(req.path)) res.status(404);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dir, file));
  };
  const pageWithData = (file: string, data: PageDataSource) => {
    const html = readFileSync(path.join(dir, file), 'utf8');
    return async (req: Request, res: Response) => {
      const found = await data(ctx, req.query);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html');
      res.send(found ? withPageData(html, found) : html);
    };
  };
  // The build's own HTML for the pages first visits land on (the home page comes pre-rendered, the
  // listing carries its flights).
  for (const [route, file] of Object.entries(landingPages(dir))) {
    const data = PAGE_DATA[route];
    app.get(route, data ? pageWithData(file, data) : page(file));
  }
  const appShell = page('index.html');
  app.get(/^(?!\/api\/|\/socket\.io\/|\/assets\/).*/, (req, res, next) => {
    if (wantsPage(req)) appShell(req, res);
    else next();
  });
}
