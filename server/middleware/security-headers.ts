import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

function helmetPolicy() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // A PDF receipt is previewed from a blob: URL the app made of the fetched file (the file itself needs the bearer token).
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** The headers helmet sets, read once from a response it is given: they are the same for every request. */
function computedSecurityHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  let ran = false;
  helmetPolicy()({} as Request, recorder as unknown as Response, () => {
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Helmet's security headers (CSP, HSTS, frame, referrer, ...), computed once and set on every answer. */
export function securityHeaders() {
  const headers = computedSecurityHeaders();
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
