import { registrationLabel, type BackOfficeExports, type DonationFilter, type Registration, type RegistrationPerson, type StaffActor } from '../../../common/back-office';
import { TRIBUTE_WORDS } from '../../../common/donations';
import { centsToDecimalString } from '../../../common/money';
import { receiptNumber } from '../../../common/receipts';
import { formatMoment } from '../../../common/moment';
import type { ExportColumn } from '../../../common/signups/kind';
import { rulesOfEventType } from '../../../common/signups/kinds';
import type { Db } from '../../db/database';
import { listDonations } from '../../db/repositories/back-office';
import { recordAudit } from './audit';
import { toCsv } from './csv';
import { createBackOfficeReports, donationQuery, isPaid } from './reports';

const STATUS_TEXT: Record<Registration['status'], string> = {
  pending: 'pending',
  paid: 'paid',
  partially_refunded: 'partly refunded',
  refunded: 'refunded',
  failed: 'failed',
  expired: 'expired',
};

const statusOf = (r: Registration) => (r.cancelledAt ? `cancelled, ${STATUS_TEXT[r.status]}` : STATUS_TEXT[r.status]);

const money = (cents: number) => centsToDecimalString(cents);
const when = (iso: string | null) => (iso ? formatMoment(iso) : '');
const arrived = (iso: string | null) => (iso ? `yes (${formatMoment(iso)})` : 'no');

/** The registrations CSV's columns, one row per person; each kind lists the ones it has (admin.exportColumns). */
const EXPORT_COLUMNS: Record<ExportColumn, [heading: string, cell: (r: Registration, p: RegistrationPerson) => string | number | null]> = {
  // A team's name, or a golf team by its first player.
  team: ['Team', (r) => registrationLabel(r)],
  party: ['Party (receipt email)', (r) => r.receiptEmail],
  contactNumber: ['Contact number', (r) => r.teamContactNumber],
  player: ['Player', (_, p) => p.position],
  name: ['Name', (_, p) => p.name],
  email: ['Email', (_, p) => p.email],
  shirtSize: ['Shirt size', (_, p) => p.shirtSize],
  activisionId: ['Activision ID', (_, p) => p.activisionId],
  location: ['Location', (_, p) => p.location],
  ticket: ['Ticket', (_, p) => (p.child ? 'child' : 'adult')],
  allergies: ['Allergies', (_, p) => p.allergies],
  status: ['Status', (r) => statusOf(r)],
  paidAt: ['Paid at', (r) => when(r.paidAt)],
  receiptEmail: ['Receipt email', (r) => r.receiptEmail],
  arrived: ['Arrived', (_, p) => arrived(p.checkedInAt)],
};

/** CSV files for the golf course, the caterer and the treasurer: one row per person where that is what they need. */
export function createBackOfficeExports({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }): BackOfficeExports {
  const reports = createBackOfficeReports({ db, clock });
  // A whole list of supporters leaving the site is the read most worth a trace (security review 2026-11-27, #12).
  const audited = (actor: StaffActor, subject: string, summary: string, after: unknown) => recordAudit(db, actor, { action: 'csv_exported', subject, summary, after }, clock());

  return {
    async donationsCsv(actor: StaffActor, filter: DonationFilter): Promise<string> {
      const { rows } = await listDonations(db, donationQuery(filter), { offset: 0, limit: 1_000_000 });
      await audited(actor, 'donations', `Exported ${rows.length} donation${rows.length === 1 ? '' : 's'} as CSV`, { filter, rows: rows.length });
      return toCsv(
        ['Date', 'Name', 'Email', 'Amount', 'Refunded', 'Status', 'Message', 'Payment', 'Receipt number', 'Gift', 'Card fees', 'Anonymous', 'Tribute', 'Tribute name', 'Notified name', 'Notified email'],
        rows.map((d) => [
          when(d.at),
          d.name,
          d.email,
          money(d.amountCents),
          money(d.refundedCents),
          STATUS_TEXT[d.status],
          d.message,
          d.paymentId,
          receiptNumber({ donationId: d.donationId }),
          money(d.giving.giftCents),
          money(d.giving.feeCents),
          d.giving.anonymous ? 'yes' : 'no',
          d.giving.tribute ? TRIBUTE_WORDS[d.giving.tribute.kind].toLowerCase() : '',
          d.giving.tribute?.name ?? '',
          d.notify?.name ?? '',
          d.notify?.email ?? '',
        ]),
      );
    },

    async registrationsCsv(actor: StaffActor, eventNumber: number, include: 'paid' | 'all' = 'paid'): Promise<string | null> {
      const list = await reports.registrationList(eventNumber);
      if (!list) return null;
      const registrations = include === 'paid' ? list.registrations.filter(isPaid) : list.registrations;
      await audited(actor, `event:${eventNumber}`, `Exported ${registrations.length} ${include === 'all' ? '' : 'paid '}registration${registrations.length === 1 ? '' : 's'} of event ${eventNumber} as CSV`, { include, rows: registrations.length });
      const columns = rulesOfEventType(list.event.eventType).admin.exportColumns.map((column) => EXPORT_COLUMNS[column]);
      return toCsv(
        columns.map(([heading]) => heading),
        registrations.flatMap((r) => r.people.map((p) => columns.map(([, cell]) => cell(r, p)))),
      );
    },
  };
}
