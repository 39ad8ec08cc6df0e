import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { FieldErrors, ServerErrorBody } from '../../../common/api-errors';
import { DomainError } from '../../domain/errors';
import { requestIdOf } from '../middleware/request-context';
import { clientErrorStatus } from '../middleware/valid-path';

const STATUS_BY_CODE: Record<string, number> = {
  validation: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ path: `No API endpoint at ${req.method} ${req.baseUrl}${req.path}.` } satisfies FieldErrors);
};

/** Maps failures to the spec's field-keyed error map; anything unexpected is a 500 with a request id. */
export const apiErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof DomainError) {
    res.status(STATUS_BY_CODE[error.code] ?? 400).json(error.fields);
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
