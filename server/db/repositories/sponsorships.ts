import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { NamedGuest, StaffSponsorship } from '../../../common/sponsorships';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** ADR 052. */
export interface PackageFields {
  name: string;
  priceCents: number;
  quantity: number;
  includes: string;
  places: number;
  /** ADR 054: when the sponsor must name them by; null without places. */
  placesDueOn: string | null;
  goodsValueCents: number;
  published: boolean;
}

export interface PackageRow extends PackageFields {
  id: number;
  eventId: number;
}

const toPackage = (r: Selectable<Database['sponsorship_packages']>): PackageRow => ({
  id: Number(r.id),
  eventId: Number(r.event_id),
  name: r.name,
  priceCents: Number(r.price_cents),
  quantity: Number(r.quantity),
  includes: r.includes,
  places: Number(r.places),
  placesDueOn: r.places_due_on,
  goodsValueCents: Number(r.goods_value_cents),
  published: Number(r.published) === 1,
});

const packageColumns = (f: PackageFields) => ({
  name: f.name,
  price_cents: f.priceCents,
  quantity: f.quantity,
  includes: f.includes,
  places: f.places,
  places_due_on: f.placesDueOn,
  goods_value_cents: f.goodsValueCents,
  published: f.published ? 1 : 0,
});

/** Dearest first: the package level. */
export async function listPackages(db: Executor, eventId: number): Promise<PackageRow[]> {
  const rows = await db.selectFrom('sponsorship_packages').selectAll().where('event_id', '=', eventId).orderBy('price_cents', 'desc').orderBy('id').execute();
  return rows.map(toPackage);
}

export async function findPackage(db: Executor, id: number): Promise<PackageRow | null> {
  const row = await db.selectFrom('sponsorship_packages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPackage(row) : null;
}

export async function insertPackage(db: Executor, eventId: number, fields: PackageFields, now: string): Promise<number> {
  const row = await db
    .insertInto('sponsorship_packages')
    .values({ event_id: eventId, ...packageColumns(fields), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePackage(db: Executor, id: number, fields: PackageFields, now: string): Promise<void> {
  await db.updateTable('sponsorship_packages').set({ ...packageColumns(fields), updated_at: now }).where('id', '=', id).execute();
}

type SponsorshipWithPayment = ExpressionBuilder<Database, 'sponsorships' | 'payments'>;
const joined = (db: Executor) => db.selectFrom('sponsorships').innerJoin('payments', 'payments.id', 'sponsorships.payment_id');

/** The one rule for "this sale takes a package": paid, or pending with an unexpired hold (as sign-ups, ADR 014). */
const isLive = (eb: SponsorshipWithPayment, now: string) =>
  eb.or([eb('payments.status', 'in', ['paid', 'partially_refunded']), eb.and([eb('payments.status', '=', 'pending'), eb('sponsorships.hold_expires_at', '>', now)])]);

export async function packagesTaken(db: Executor, packageIds: number[], now: string, exceptId?: number): Promise<Map<number, number>> {
  if (packageIds.length === 0) return new Map();
  let query = joined(db)
    .select(['sponsorships.package_id', sql<number>`count(*)`.as('taken')])
    .where('sponsorships.package_id', 'in', packageIds)
    .where((eb) => isLive(eb, now));
  if (exceptId !== undefined) query = query.where('sponsorships.id', '!=', exceptId);
  const rows = await query.groupBy('sponsorships.package_id').execute();
  return new Map(rows.map((r) => [Number(r.package_id), Number(r.taken)]));
}

/** ADR 054: the places that sold and held packages include count against the event's, named or not. */
export async function placesSponsored(db: Executor, eventId: number, now: string): Promise<number> {
  const row = await joined(db)
    .select(sql<number>`coalesce(sum(sponsorships.places), 0)`.as('places'))
    .where('sponsorships.event_id', '=', eventId)
    .where((eb) => isLive(eb, now))
    .executeTakeFirstOrThrow();
  return Number(row.places);
}

/** Ignoring case; a sponsor's team and a signed-up one never share a name. */
export async function sponsorTeamNameTaken(db: Executor, eventId: number, teamName: string, now: string, exceptSponsorshipId?: number): Promise<boolean> {
  let query = joined(db)
    .innerJoin('sponsorship_guests', 'sponsorship_guests.sponsorship_id', 'sponsorships.id')
    .select('sponsorships.id')
    .where('sponsorships.event_id', '=', eventId)
    .where(sql<string>`lower(sponsorship_guests.team_name)`, '=', teamName.toLowerCase())
    .where((eb) => isLive(eb, now));
  if (exceptSponsorshipId !== undefined) query = query.where('sponsorships.id', '!=', exceptSponsorshipId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Unpaid holds of one event's packages from one network: a script must not hold them all. */
export async function openHoldsFrom(db: Executor, eventId: number, clientKey: string, now: string): Promise<number> {
  const row = await joined(db)
    .select(sql<number>`count(*)`.as('n'))
    .where('sponsorships.event_id', '=', eventId)
    .where('payments.client_key', '=', clientKey)
    .where('payments.status', '=', 'pending')
    .where('sponsorships.hold_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewSponsorship extends Pick<StaffSponsorship, 'companyName' | 'contactName' | 'contactEmail' | 'phone' | 'displayName' | 'link'> {
  paymentId: number;
  packageId: number;
  eventId: number;
  logo: { png: Buffer; width: number; height: number };
  goodsValueCents: number;
  places: number;
  /** The signed-in buyer names the places; otherwise the emailed link ties them to an account. */
  userId: number | null;
  holdExpiresAt: string;
  now: string;
}

export async function insertSponsorship(db: Executor, s: NewSponsorship): Promise<number> {
  const row = await db
    .insertInto('sponsorships')
    .values({
      payment_id: s.paymentId,
      package_id: s.packageId,
      event_id: s.eventId,
      company_name: s.companyName,
      contact_name: s.contactName,
      contact_email: s.contactEmail,
      phone: s.phone,
      display_name: s.displayName,
      link: s.link,
      logo_png: s.logo.png,
      logo_width: s.logo.width,
      logo_height: s.logo.height,
      goods_value_cents: s.goodsValueCents,
      places: s.places,
      user_id: s.userId,
      hold_expires_at: s.holdExpiresAt,
      created_at: s.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** What staff see, with the keys and the payment's state the domain needs. */
export interface Sponsorship extends StaffSponsorship {
  packageId: number;
  eventId: number;
  holdExpiresAt: string | null;
  paymentStatus: string;
  userId: number | null;
}

const sponsorshipSelect = (db: Executor) =>
  joined(db)
    .innerJoin('sponsorship_packages', 'sponsorship_packages.id', 'sponsorships.package_id')
    .select([
      'sponsorships.id',
      'sponsorships.payment_id',
      'sponsorships.package_id',
      'sponsorship_packages.name as package_name',
      'sponsorship_packages.price_cents as package_price_cents',
      'sponsorships.event_id',
      'sponsorships.company_name',
      'sponsorships.contact_name',
      'sponsorships.contact_email',
      'sponsorships.phone',
      'sponsorships.display_name',
      'sponsorships.link',
      'sponsorships.logo_width',
      'sponsorships.logo_height',
      'sponsorships.goods_value_cents',
      'sponsorships.hold_expires_at',
      'sponsorships.places',
      'sponsorship_packages.places_due_on',
      'sponsorships.places_named_at',
      'sponsorships.user_id',
      'sponsorships.review',
      'sponsorships.review_reason',
      'payments.status as payment_status',
      'payments.amount_cents',
      'payments.paid_at',
    ]);

type SelectedRow = Awaited<ReturnType<ReturnType<typeof sponsorshipSelect>['executeTakeFirstOrThrow']>>;
const toSponsorship = (r: SelectedRow): Sponsorship => ({
  id: Number(r.id),
  paymentId: Number(r.payment_id),
  packageId: Number(r.package_id),
  packageName: r.package_name,
  packagePriceCents: Number(r.package_price_cents),
  eventId: Number(r.event_id),
  companyName: r.company_name,
  contactName: r.contact_name,
  contactEmail: r.contact_email,
  phone: r.phone,
  displayName: r.display_name,
  link: r.link,
  logoWidth: Number(r.logo_width),
  logoHeight: Number(r.logo_height),
  goodsValueCents: Number(r.goods_value_cents),
  holdExpiresAt: r.hold_expires_at,
  places: Number(r.places),
  placesDueOn: r.places_due_on,
  placesNamedAt: r.places_named_at,
  userId: r.user_id === null ? null : Number(r.user_id),
  review: r.review,
  reviewReason: r.review_reason,
  paymentStatus: r.payment_status,
  amountCents: Number(r.amount_cents),
  paidAt: r.paid_at,
});

export async function findSponsorshipOfPayment(db: Executor, paymentId: number): Promise<Sponsorship | null> {
  const row = await sponsorshipSelect(db).where('sponsorships.payment_id', '=', paymentId).executeTakeFirst();
  return row ? toSponsorship(row) : null;
}

export async function findSponsorship(db: Executor, id: number): Promise<Sponsorship | null> {
  const row = await sponsorshipSelect(db).where('sponsorships.id', '=', id).executeTakeFirst();
  return row ? toSponsorship(row) : null;
}

/** Paid ones (refunded in full drop out), dearest package first. */
export async function listPaidSponsorships(db: Executor, by: { eventId?: number; review?: Sponsorship['review'] }): Promise<Sponsorship[]> {
  let query = sponsorshipSelect(db).where('payments.status', 'in', ['paid', 'partially_refunded']);
  if (by.eventId !== undefined) query = query.where('sponsorships.event_id', '=', by.eventId);
  if (by.review !== undefined) query = query.where('sponsorships.review', '=', by.review);
  const rows = await query.orderBy('sponsorship_packages.price_cents', 'desc').orderBy('sponsorships.id').execute();
  return rows.map(toSponsorship);
}

export async function releaseSponsorshipHold(db: Executor, paymentId: number): Promise<void> {
  await db.updateTable('sponsorships').set({ hold_expires_at: null }).where('payment_id', '=', paymentId).execute();
}

export async function setReview(db: Executor, id: number, review: 'approved' | 'rejected', reason: string | null, now: string): Promise<void> {
  await db.updateTable('sponsorships').set({ review, review_reason: reason, reviewed_at: now }).where('id', '=', id).execute();
}

/** Only an approved logo is ever served. */
export async function findApprovedLogo(db: Executor, id: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('sponsorships')
    .innerJoin('payments', 'payments.id', 'sponsorships.payment_id')
    .select('sponsorships.logo_png')
    .where('sponsorships.id', '=', id)
    .where('sponsorships.review', '=', 'approved')
    .where('payments.status', 'in', ['paid', 'partially_refunded'])
    .executeTakeFirst();
  return row ? Buffer.from(row.logo_png) : null;
}

export async function findLogo(db: Executor, id: number): Promise<Buffer | null> {
  const row = await db.selectFrom('sponsorships').select('logo_png').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.logo_png) : null;
}

/** Ties the sale to the account that names its places (ADR 054), once: the link then stops working. */
export async function setClaimToken(db: Executor, id: number, tokenHash: string): Promise<void> {
  await db.updateTable('sponsorships').set({ claim_token_hash: tokenHash }).where('id', '=', id).where('user_id', 'is', null).execute();
}

export async function findByClaimToken(db: Executor, tokenHash: string): Promise<Sponsorship | null> {
  const row = await sponsorshipSelect(db).where('sponsorships.claim_token_hash', '=', tokenHash).executeTakeFirst();
  return row ? toSponsorship(row) : null;
}

/** False when another account took it first. */
export async function claimSponsorship(db: Executor, id: number, userId: number): Promise<boolean> {
  const updated = await db.updateTable('sponsorships').set({ user_id: userId, claim_token_hash: null }).where('id', '=', id).where('user_id', 'is', null).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Paid ones tied to an account, newest first. */
export async function listSponsorshipsOfUser(db: Executor, userId: number): Promise<Sponsorship[]> {
  const rows = await sponsorshipSelect(db)
    .where('sponsorships.user_id', '=', userId)
    .where('payments.status', 'in', ['paid', 'partially_refunded'])
    .orderBy('sponsorships.id', 'desc')
    .execute();
  return rows.map(toSponsorship);
}

export async function listGuests(db: Executor, sponsorshipIds: number[]): Promise<Map<number, NamedGuest[]>> {
  const byId = new Map<number, NamedGuest[]>();
  if (sponsorshipIds.length === 0) return byId;
  const rows = await db.selectFrom('sponsorship_guests').selectAll().where('sponsorship_id', 'in', sponsorshipIds).orderBy('team').orderBy('position').execute();
  for (const r of rows) {
    const list = byId.get(Number(r.sponsorship_id)) ?? [];
    list.push({ team: Number(r.team), teamName: r.team_name, position: Number(r.position), name: r.name });
    byId.set(Number(r.sponsorship_id), list);
  }
  return byId;
}

/** All of them at once: a half-saved list never shows. */
export async function replaceGuests(db: Executor, sponsorshipId: number, guests: NamedGuest[], now: string): Promise<void> {
  await db.deleteFrom('sponsorship_guests').where('sponsorship_id', '=', sponsorshipId).execute();
  if (guests.length > 0) {
    await db
      .insertInto('sponsorship_guests')
      .values(guests.map((g) => ({ sponsorship_id: sponsorshipId, team: g.team, team_name: g.teamName, position: g.position, name: g.name })))
      .execute();
  }
  await db.updateTable('sponsorships').set({ places_named_at: now }).where('id', '=', sponsorshipId).execute();
}
