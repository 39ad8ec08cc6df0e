import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  at: string;
  staffId: number | null;
  staffEmail: string;
  action: string;
  subject: string;
  summary: string;
  before: unknown;
  after: unknown;
  address: string | null;
}

export interface StoredAuditRecord extends AuditRecord {
  id: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The table refuses updates and deletes (migration 20261124T090000). */
export async function appendAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: record.at,
      staff_id: record.staffId,
      staff_email: record.staffEmail,
      action: record.action,
      subject: record.subject,
      summary: record.summary.slice(0, 300),
      before_json: json(record.before),
      after_json: json(record.after),
      address: record.address,
    })
    .execute();
}

export async function listAudit(db: Executor, offset: number, limit: number): Promise<{ items: StoredAuditRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      staffId: r.staff_id === null ? null : Number(r.staff_id),
      staffEmail: r.staff_email,
      action: r.action,
      subject: r.subject,
      summary: r.summary,
      before: parse(r.before_json),
      after: parse(r.after_json),
      address: r.address,
    })),
  };
}
