import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** The `.invalid` domain never receives mail. */
export const ERASED_EMAIL = 'erased@account-deleted.invalid';

/** Only donations nobody owns: a gift made from another account stays that account's. */
export async function claimSignedOutGifts(db: Executor, userId: number, email: string, now: string): Promise<number> {
  const result = await db
    .updateTable('payments')
    .set({ user_id: userId, updated_at: now })
    .where('user_id', 'is', null)
    .where('purpose', '=', 'donation')
    .where('id', 'in', (eb) => eb.selectFrom('donations').select('payment_id').where(sql<string>`lower(email)`, '=', email.toLowerCase()))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Erases the personal fields and keeps amounts and states, so the ledger stays whole (ADR 026). */
export async function eraseAccountRecords(db: Executor, userId: number, email: string, now: string): Promise<void> {
  const payments = db.selectFrom('payments').select('id').where('user_id', '=', userId);
  const signups = db.selectFrom('signups').select('id').where('payment_id', 'in', payments);
  await db.updateTable('donations').set({ email: ERASED_EMAIL, message: '', donor_name: '', notify_name: null, notify_email: null }).where('payment_id', 'in', payments).execute();
  // Nobody is charged for an account that is gone.
  await db
    .updateTable('giving_plans')
    .set({ status: 'stopped', stopped_at: now, email: ERASED_EMAIL, donor_name: '', user_id: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('signup_players').set({ name: sql`'Player ' || position`, email: null, activision_id: null, location: null }).where('signup_id', 'in', signups).execute();
  await db.updateTable('signup_attendees').set({ name: sql`'Guest ' || position`, allergies: null }).where('signup_id', 'in', signups).execute();
  await db.updateTable('signups').set({ receipt_email: ERASED_EMAIL, team_contact_number: null }).where('payment_id', 'in', payments).execute();
  // Sent mail keeps its record without the person; unsent mail is dropped: nobody left to write to.
  await db.deleteFrom('mail_outbox').where(sql<string>`lower(to_address)`, '=', email.toLowerCase()).where('status', '=', 'pending').execute();
  await db
    .updateTable('mail_outbox')
    .set({ to_address: ERASED_EMAIL, text_body: '', html_body: null, attachments_json: null })
    .where(sql<string>`lower(to_address)`, '=', email.toLowerCase())
    .execute();
  await db.updateTable('payments').set({ user_id: null, updated_at: now }).where('user_id', '=', userId).execute();
}

const money = (cents: number) => (Number(cents) / 100).toFixed(2);

export async function accountRecords(db: Executor, userId: number) {
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'purpose', 'amount_cents', 'refunded_cents', 'currency', 'status', 'status_reason', 'created_at', 'paid_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const ids = payments.map((p) => Number(p.id));
  // The saved card's reference and the link key are not personal data to hand out.
  const plans = await db
    .selectFrom('giving_plans')
    .select(['email', 'donor_name', 'anonymous', 'gift_cents', 'cover_fees', 'status', 'next_charge_on', 'created_at', 'stopped_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  if (ids.length === 0) return { payments: [], donations: [], signups: [], monthlyGifts: [] };
  const [donations, signups] = await Promise.all([
    db
      .selectFrom('donations')
      .select(['payment_id', 'email', 'message', 'created_at', 'donor_name', 'anonymous', 'gift_cents', 'fee_cents', 'tribute_kind', 'tribute_name', 'notify_name', 'notify_email', 'monthly'])
      .where('payment_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('signups')
      .innerJoin('events', 'events.id', 'signups.event_id')
      .select([
        'signups.id',
        'signups.payment_id',
        'signups.kind',
        'signups.receipt_email',
        'signups.team_name',
        'signups.team_contact_number',
        'signups.places',
        'signups.created_at',
        'events.event_number',
        'events.name as event_name',
        'events.event_date',
      ])
      .where('signups.payment_id', 'in', ids)
      .orderBy('signups.id')
      .execute(),
  ]);
  const signupIds = signups.map((s) => Number(s.id));
  const [players, attendees] =
    signupIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('signup_players')
            .select(['signup_id', 'position', 'name', 'email', 'shirt_size', 'activision_id', 'location'])
            .where('signup_id', 'in', signupIds)
            .orderBy('position')
            .execute(),
          db.selectFrom('signup_attendees').select(['signup_id', 'position', 'name', 'allergies', 'child']).where('signup_id', 'in', signupIds).orderBy('position').execute(),
        ]);
  return {
    payments: payments.map((p) => ({
      id: Number(p.id),
      purpose: p.purpose,
      amount: money(p.amount_cents),
      refunded: money(p.refunded_cents),
      currency: p.currency,
      status: p.status,
      statusReason: p.status_reason,
      createdAt: p.created_at,
      paidAt: p.paid_at,
    })),
    donations: donations.map((d) => ({
      paymentId: Number(d.payment_id),
      email: d.email,
      message: d.message,
      createdAt: d.created_at,
      donorName: d.donor_name,
      anonymous: Number(d.anonymous) === 1,
      gift: money(d.gift_cents),
      coverFees: money(d.fee_cents),
      monthly: Number(d.monthly) === 1,
      tribute: d.tribute_kind ? { kind: d.tribute_kind, name: d.tribute_name, notified: d.notify_name ? { name: d.notify_name, email: d.notify_email } : null } : null,
    })),
    monthlyGifts: plans.map((p) => ({
      email: p.email,
      donorName: p.donor_name,
      anonymous: Number(p.anonymous) === 1,
      gift: money(p.gift_cents),
      coverFees: Number(p.cover_fees) === 1,
      status: p.status,
      nextChargeOn: p.status === 'active' ? p.next_charge_on : null,
      createdAt: p.created_at,
      stoppedAt: p.stopped_at,
    })),
    signups: signups.map((s) => ({
      paymentId: Number(s.payment_id),
      event: { eventNumber: Number(s.event_number), name: s.event_name, date: s.event_date },
      kind: s.kind,
      receiptEmail: s.receipt_email,
      teamName: s.team_name,
      teamContactNumber: s.team_contact_number,
      places: Number(s.places),
      createdAt: s.created_at,
      players: players
        .filter((p) => Number(p.signup_id) === Number(s.id))
        .map((p) => ({ name: p.name, email: p.email, shirtSize: p.shirt_size, activisionId: p.activision_id, location: p.location })),
      attendees: attendees
        .filter((a) => Number(a.signup_id) === Number(s.id))
        .map((a) => ({ name: a.name, allergies: a.allergies, child: Number(a.child) === 1 })),
    })),
  };
}

/**
 * The account's scholarship applications (issue 34), waiting-list places and the sponsorships whose
 * places it names (issue 35), for the data download: what the person wrote and where they stand.
 * Never the recommender's letter or a score.
 */
export async function applicantRecords(db: Executor, userId: number) {
  const [applications, files, waiting, sponsorships, guests] = await Promise.all([
    db
      .selectFrom('scholarship_applications as a')
      .innerJoin('scholarship_rounds as r', 'r.id', 'a.round_id')
      .select(['a.id', 'r.year', 'a.status', 'a.outcome', 'a.eligibility_json', 'a.details_json', 'a.essays_json', 'a.recommender_name', 'a.recommender_email', 'a.letter_received_at', 'a.submitted_at', 'a.created_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('scholarship_files as f')
      .innerJoin('scholarship_applications as a', 'a.id', 'f.application_id')
      .select(['f.application_id', 'f.document_key', 'f.file_name', 'f.byte_size', 'f.created_at'])
      .where('a.user_id', '=', userId)
      .where('f.purpose', '=', 'document')
      .orderBy('f.id')
      .execute(),
    db
      .selectFrom('waitlist_entries as w')
      .innerJoin('events', 'events.id', 'w.event_id')
      .select(['events.event_number', 'events.name', 'w.kind', 'w.places', 'w.status', 'w.created_at', 'w.offer_expires_at'])
      .where('w.user_id', '=', userId)
      .orderBy('w.id')
      .execute(),
    db
      .selectFrom('sponsorships as s')
      .innerJoin('events', 'events.id', 's.event_id')
      .innerJoin('sponsorship_packages as p', 'p.id', 's.package_id')
      .select(['s.id', 'events.event_number', 'events.name', 'p.name as package_name', 's.company_name', 's.contact_name', 's.contact_email', 's.phone', 's.display_name', 's.link', 's.created_at'])
      .where('s.user_id', '=', userId)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('sponsorship_guests as g')
      .innerJoin('sponsorships as s', 's.id', 'g.sponsorship_id')
      .select(['g.sponsorship_id', 'g.team', 'g.team_name', 'g.name'])
      .where('s.user_id', '=', userId)
      .orderBy('g.team')
      .orderBy('g.position')
      .execute(),
  ]);
  return {
    scholarshipApplications: applications.map((a) => ({
      year: a.year,
      status: a.status,
      outcome: a.outcome,
      eligibility: JSON.parse(a.eligibility_json) as Record<string, string>,
      details: JSON.parse(a.details_json) as Record<string, string>,
      essays: JSON.parse(a.essays_json) as Record<string, string>,
      recommender: { name: a.recommender_name, email: a.recommender_email, letterReceivedAt: a.letter_received_at },
      documents: files.filter((f) => Number(f.application_id) === Number(a.id)).map((f) => ({ document: f.document_key, fileName: f.file_name, bytes: Number(f.byte_size), uploadedAt: f.created_at })),
      submittedAt: a.submitted_at,
      createdAt: a.created_at,
    })),
    waitingLists: waiting.map((w) => ({ eventNumber: Number(w.event_number), event: w.name, kind: w.kind, places: Number(w.places), status: w.status, joinedAt: w.created_at, offerExpiresAt: w.offer_expires_at })),
    sponsorships: sponsorships.map((s) => ({
      eventNumber: Number(s.event_number),
      event: s.name,
      package: s.package_name,
      company: s.company_name,
      contact: { name: s.contact_name, email: s.contact_email, phone: s.phone },
      displayName: s.display_name,
      link: s.link,
      guests: guests.filter((g) => Number(g.sponsorship_id) === Number(s.id) && g.name !== '').map((g) => ({ team: Number(g.team), teamName: g.team_name, name: g.name })),
      orderedAt: s.created_at,
    })),
  };
}
