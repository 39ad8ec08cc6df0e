import { Router, type Response } from 'express';
import { NotFoundError } from '../../domain/errors';
import type { ServerServices } from '../../services';
import type { SupporterAuth } from '../middleware/auth';
import type { RateLimits } from '../middleware/rate-limits';

const NOT_A_LINK = 'This link does not open a receipt. Please use the link in your email, or sign in and open it from your dashboard.';

/** Personal and financial data: never cached, indexed, or referred on. */
function sendPdf(res: Response, file: { bytes: Uint8Array; filename: string }): void {
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'no-referrer',
  });
  res.send(Buffer.from(file.bytes));
}

/** Receipts and statements (ADR 025); PDFs by signed link so emails can offer a plain download link. */
export function receiptsRouter({ receipts }: ServerServices, { limits, auth }: { limits: RateLimits; auth: SupporterAuth }): Router {
  const router = Router();
  const { requireUser } = auth;
  const pdfLimit = limits.pdfLinks();

  router.get('/user/receipts', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await receipts.forUser(req.user!.id));
  });

  router.get('/user/receipts/:paymentId', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await receipts.ofUser(req.user!.id, String(req.params.paymentId)));
  });

  router.get('/receipts/:paymentId/:signature/pdf', ...pdfLimit, async (req, res) => {
    const file = await receipts.pdfBySignedLink(String(req.params.paymentId), String(req.params.signature));
    if (!file) throw new NotFoundError({ receipt: NOT_A_LINK });
    sendPdf(res, file);
  });

  router.get('/statements/:userId/:year/:signature/pdf', ...pdfLimit, async (req, res) => {
    const file = await receipts.statementBySignedLink(String(req.params.userId), String(req.params.year), String(req.params.signature));
    if (!file) throw new NotFoundError({ statement: 'This link does not open a statement. Please sign in and download it from your dashboard.' });
    sendPdf(res, file);
  });

  return router;
}
