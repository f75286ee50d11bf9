/**
 * The one middleware in front of every answer, outermost in LoopBack's chain: it counts the request as under way
 * (in-flight.ts) until its answer is sent, gives it the API's security headers (security-headers.ts; the built
 * app's files set their own over them) and compresses it (static-app.ts). They were three middlewares, two of
 * them Express middlewares run through LoopBack's adapter; each step of the chain costs per request (warm API,
 * 25-row pages at 20 connections: about 0.1–0.25 ms of the API's 1.5 ms of CPU per page).
 */
import type { Middleware } from '@loopback/express';
import { RestMiddlewareGroups } from '@loopback/rest';
import type { Request, Response } from 'express';
import type { InFlight } from './in-flight';
import { setApiHeaders } from './security-headers';
import { compressAnswer } from './static-app';

export const answerFront =
  (inFlight: InFlight): Middleware =>
  (ctx, next) => {
    setApiHeaders(ctx.response);
    compressAnswer(ctx.request as Request, ctx.response as Response);
    return inFlight.middleware(ctx, next);
  };

/** Outermost: around the sending of the answer too. */
export const ANSWER_FRONT_MIDDLEWARE_OPTIONS = {
  key: 'middleware.pim.answerFront',
  group: 'pim.answerFront',
  downstreamGroups: [RestMiddlewareGroups.SEND_RESPONSE],
};
