import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { FieldErrors, ServerErrorBody } from '../../../common/api-errors';
import { DomainError, TooManyRequestsError } from '../../domain/errors';
import { GatewayUnavailableError } from '../../payments/gateway';
import { requestIdOf } from '../middleware/request-context';
import { clientErrorStatus } from '../middleware/valid-path';

const STATUS_BY_CODE: Record<string, number> = {
  validation: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  too_many: 429,
};

// SQLSTATE 22021 invalid byte sequence (NUL), 22003 numeric value out of range, 22P02 invalid text representation.
const VALUE_REFUSED_BY_DATABASE = new Set(['22021', '22003', '22P02']);

const GATEWAY_DOWN =
  'The card payment service is not answering right now. Please try again in a few minutes.';
const GATEWAY_REFUSED =
  'Card payments are not working on our side right now. Please try again later or contact us.';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ path: `No API endpoint at ${req.method} ${req.baseUrl}${req.path}.` } satisfies FieldErrors);
};

/** Failures as the spec's field-keyed error map; anything unexpected is a 500 with a request id. */
export const apiErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof DomainError) {
    if (error instanceof TooManyRequestsError) res.set('Retry-After', String(error.retryAfterSeconds));
    res.status(STATUS_BY_CODE[error.code] ?? 400).json(error.fields);
    return;
  }
  if (error instanceof GatewayUnavailableError) {
    // A revoked key stops every payment: error level, with Stripe's request id.
    const requestId = requestIdOf(req);
    req.log.error({ err: error, requestId, providerRequestId: error.providerRequestId }, 'payment provider failure');
    res.status(error.retryable ? 503 : 502).json({ server: `${error.retryable ? GATEWAY_DOWN : GATEWAY_REFUSED} (reference ${requestId})`, requestId } satisfies ServerErrorBody);
    return;
  }
  const bodyError = error as { type?: string; status?: number };
  if (bodyError.type === 'entity.parse.failed') {
    res.status(400).json({ body: 'The request body is not valid JSON.' } satisfies FieldErrors);
    return;
  }
  if (bodyError.type === 'entity.too.large') {
    res.status(413).json({ body: 'The request body is too large.' } satisfies FieldErrors);
    return;
  }
  if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
    res.status(415).json({ body: 'The request body encoding is not supported.' } satisfies FieldErrors);
    return;
  }
  // PostgreSQL refusing a value (NUL byte, number out of range) is the input's fault.
  const sqlState = (error as { code?: unknown }).code;
  if (typeof sqlState === 'string' && VALUE_REFUSED_BY_DATABASE.has(sqlState)) {
    req.log.warn({ err: error }, 'the database refused a value the schemas let through');
    res.status(400).json({ body: 'The request contains a value that cannot be stored. Please check what you typed.' } satisfies FieldErrors);
    return;
  }
  const status = clientErrorStatus(error);
  if (status !== null) {
    res.status(status).json({ request: 'This request cannot be answered.' } satisfies FieldErrors);
    return;
  }
  const requestId = requestIdOf(req);
  req.log.error({ err: error, requestId }, 'unexpected API failure');
  res.status(500).json({
    server: `Something went wrong on our side. Please try again; if it keeps happening, contact us and quote ${requestId}.`,
    requestId,
  } satisfies ServerErrorBody);
};
