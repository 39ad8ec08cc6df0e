import type { RequestHandler } from 'express';

/** Every page form but an upload is a few kilobytes; the largest, a gallery page's editor, well under this. */
export const PAGE_FORM_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Page actions read their whole body into memory (React Router's `request.formData()`), so the
 * body's size must be known and bounded before any of it is read. Browsers always send a
 * Content-Length with a form; a body without one (chunked) is refused with 411. The media
 * library's upload checks its own, larger limit and answers beside its field.
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
