import { todayInFoundationZone } from '../../../common/dates';
import type { ReceiptLink, ReceiptsPages, ReceiptView, UserReceipts } from '../../../common/receipts';
import type { Db } from '../../db/database';
import { hasMailWithKey } from '../../db/repositories/mail-outbox';
import { listAccountsWithPayments, listReceiptedPaymentIds, loadReceiptSources } from '../../db/repositories/receipts';
import { findUserById } from '../../db/repositories/users';
import type { Logger } from '../../logger';
import type { MailSiteFacts } from '../../mail/templates/site';
import { yearEndStatementEmail } from '../../mail/templates/year-end-statement';
import { NotFoundError } from '../errors';
import { queueMail, type MailDelivery } from '../mail-queue';
import type { ReceiptLinks } from './links';
import { receiptPdf, statementPdf } from './pdf';
import { cachedPdf } from './pdf-cache';
import { receiptView, statementView, yearRange } from './views';

export interface ReceiptsDeps {
  db: Db;
  links: ReceiptLinks;
  site: () => Promise<MailSiteFacts>;
  mail: MailDelivery;
  logger: Logger;
  clock?: () => Date;
}

const idOf = (raw: string | number): number | null => {
  const value = typeof raw === 'number' ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

export const YEAR_END_STATEMENT_PURPOSE = 'year_end_statement';
/** One statement mail per account and year, whichever instance gets there first. */
const statementKey = (year: number, userId: number) => `statement:${year}:user:${userId}`;

/** ADR 025: the owner from the dashboard, anyone holding a signed link from an email. */
export function createReceipts({ db, links, site, mail, logger, clock = () => new Date() }: ReceiptsDeps) {
  async function receipts(paymentIds: number[]): Promise<ReceiptView[]> {
    const facts = await site();
    return (await loadReceiptSources(db, paymentIds)).map((source) => receiptView(source, facts));
  }

  async function ownedBy(userId: number, paymentId: number): Promise<ReceiptView | null> {
    const [source] = await loadReceiptSources(db, [paymentId]);
    if (!source || source.userId !== userId) return null;
    return receiptView(source, await site());
  }

  const linkOf = (r: ReceiptView): ReceiptLink => ({
    paymentId: r.paymentId,
    number: r.number,
    description: r.description,
    paidOn: r.paidOn,
    amountCents: r.amountCents,
    refundedCents: r.refundedCents,
    url: links.receiptPath(r.paymentId),
    pdfUrl: links.receiptPdfPath(r.paymentId),
  });

  async function statement(userId: number, year: number) {
    const ids = await listReceiptedPaymentIds(db, userId, yearRange(year));
    const user = await findUserById(db, userId);
    if (ids.length === 0 || !user) return null;
    return statementView(year, { name: `${user.first} ${user.last}`.trim(), email: user.email }, await receipts(ids), await site());
  }

  const pages: ReceiptsPages = {
    async bySignedLink(paymentIdRaw, signature) {
      const paymentId = idOf(paymentIdRaw);
      if (paymentId === null || !links.isReceipt(paymentId, signature)) return null;
      const [receipt] = await receipts([paymentId]);
      return receipt ? { receipt, pdfUrl: links.receiptPdfPath(paymentId) } : null;
    },
  };

  return {
    ...pages,

    /** Null when the link is not ours or names nothing. */
    async pdfBySignedLink(paymentIdRaw: string, signature: string): Promise<{ bytes: Uint8Array; filename: string } | null> {
      const found = await pages.bySignedLink(paymentIdRaw, signature);
      if (!found) return null;
      const bytes = await cachedPdf(db, `receipt:${found.receipt.paymentId}`, found.receipt, () => receiptPdf(found.receipt), clock);
      return { bytes, filename: `receipt-${found.receipt.number}.pdf` };
    },

    async statementBySignedLink(userIdRaw: string, yearRaw: string, signature: string): Promise<{ bytes: Uint8Array; filename: string } | null> {
      const userId = idOf(userIdRaw);
      const year = /^\d{4}$/.test(yearRaw) ? Number(yearRaw) : null;
      if (userId === null || year === null || !links.isStatement(userId, year, signature)) return null;
      const view = await statement(userId, year);
      if (!view) return null;
      return { bytes: await cachedPdf(db, `statement:${userId}:${year}`, view, () => statementPdf(view), clock), filename: `giving-statement-${year}.pdf` };
    },

    async forUser(userId: number): Promise<UserReceipts> {
      const views = await receipts(await listReceiptedPaymentIds(db, userId));
      const years = [...new Set(views.map((v) => Number(v.paidDate.slice(0, 4))))].sort((a, b) => b - a);
      return {
        receipts: views.map(linkOf).reverse(),
        statements: years.map((year) => ({ year, url: links.statementPdfPath(userId, year) })),
      };
    },

    /** Another account's is not found, like a missing one. */
    async ofUser(userId: number, paymentIdRaw: string): Promise<ReceiptView & { links: { url: string; pdfUrl: string } }> {
      const paymentId = idOf(paymentIdRaw);
      const receipt = paymentId === null ? null : await ownedBy(userId, paymentId);
      if (!receipt) throw new NotFoundError({ receipt: 'There is no such receipt on your account.' });
      return { ...receipt, links: { url: links.receiptPath(receipt.paymentId), pdfUrl: links.receiptPdfPath(receipt.paymentId) } };
    },

    /** The January job; safe to run any number of times on any instance: the outbox's dedupe key sends one per account and year. */
    async sendYearEndStatements(now: Date = clock()): Promise<{ year: number | null; queued: number }> {
      const today = todayInFoundationZone(now);
      if (today.slice(5, 7) !== '01') return { year: null, queued: 0 };
      const year = Number(today.slice(0, 4)) - 1;
      const facts = await site();
      let queued = 0;
      for (const account of await listAccountsWithPayments(db, yearRange(year))) {
        if (await hasMailWithKey(db, statementKey(year, account.id))) continue;
        const view = await statement(account.id, year);
        if (!view) continue;
        const message = yearEndStatementEmail({
          to: account.email,
          site: facts,
          firstName: account.first,
          year,
          payments: view.receipts.length,
          totals: view.totals,
          statementUrl: `${facts.url}${links.statementPdfPath(account.id, year)}`,
        });
        if (await queueMail(db, message, { purpose: YEAR_END_STATEMENT_PURPOSE, dedupeKey: statementKey(year, account.id) }, clock())) queued += 1;
      }
      if (queued > 0) {
        logger.info({ year, queued }, 'year-end statements queued');
        mail.kick();
      }
      return { year, queued };
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
