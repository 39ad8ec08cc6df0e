import type { Kysely, Transaction } from 'kysely';
import type { StaffActor } from '../../../common/back-office';
import { appendAudit } from '../../db/repositories/audit-log';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditChange {
  /** refund, resend, check_in, check_in_undone, staff_invited, staff_role_changed, … */
  action: string;
  /** What it was done to: payment:12, staff:3, attendee:40. */
  subject: string;
  /** One line a volunteer can read: "Refunded $20.00 of payment 12 (at the payer's request)". */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a back-office change. Call it in the same transaction as the change itself, so the log
 * holds exactly what happened: no entry without the change, no change without its entry.
 */
export async function recordAudit(db: Executor, actor: StaffActor | { id: null; email: string; address: string | null }, change: AuditChange, now: Date): Promise<void> {
  await appendAudit(db, {
    at: now.toISOString(),
    staffId: actor.id,
    staffEmail: actor.email,
    action: change.action,
    subject: change.subject,
    summary: change.summary,
    before: change.before ?? null,
    after: change.after ?? null,
    address: actor.address,
  });
}
