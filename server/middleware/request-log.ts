import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { Level, Logger } from 'pino';
import { redactUrl } from '../log-redact';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id, also sent as X-Request-Id, so a report can be matched to its log line. */
    id: string;
  }
  interface Response {
    /** An error the answer stands for; logged with the request's line. */
    err?: Error;
  }
}

function levelOf(res: Response, finished: boolean): Level {
  if (res.err || res.statusCode >= 500) return 'error';
  if (res.statusCode >= 400 || !finished) return 'warn';
  return 'debug';
}

/**
 * One log line per request, written when the answer is done: errors always (a 5xx or a logged `res.err` at
 * error, a 4xx or an aborted request at warn), a success at debug. A line names the request by id,
 * method, URL (secrets redacted) and status, never its headers, so tokens and cookies stay out of the logs.
 * `done` hears every request's end and duration (the metrics).
 * NOTE: the line of a success is only built when its level is on: at info a 2xx costs an id and a header.
 */
export function requestLog(log: Logger, done?: (req: Request, res: Response, seconds: number) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = randomUUID();
    const start = performance.now();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const took = performance.now() - start;
      done?.(req, res, took / 1000);
      const finished = res.writableFinished;
      const level = levelOf(res, finished);
      if (!log.isLevelEnabled(level)) return;
      const line = {
        req: { id, method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(took),
        ...(res.err ? { err: res.err } : {}),
      };
      log[level](line, finished ? (res.err ? 'request errored' : 'request completed') : 'request aborted');
    });
    next();
  };
}
