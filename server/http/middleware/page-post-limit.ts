import type { RequestHandler } from 'express';

export const PAGE_FORM_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Page actions read their whole body into memory (`request.formData()`), so the size must be known
 * first: a body without Content-Length is refused with 411.
 */
export function limitPagePosts({ uploadPaths, uploadMaxBytes }: { uploadPaths: RegExp; uploadMaxBytes: number }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const declared = req.get('content-length');
    if (declared === undefined) {
      res.status(411).set('Connection', 'close').type('text/plain').send('A form must say how long it is (Content-Length).');
      return;
    }
    const limit = uploadPaths.test(req.path) ? uploadMaxBytes : PAGE_FORM_MAX_BYTES;
    if (Number(declared) > limit) {
      res.status(413).set('Connection', 'close').type('text/plain').send('This form is too large to send.');
      return;
    }
    next();
  };
}
