import type { ActionResult, FormFields, StaffActor } from '../../../common/back-office';
import { claimPath, guestField, guestShape, guestsText, includedPlaces, logoPath, namingPath, type ClaimablePlaces, type MySponsorship, type NamedGuest, type OfferedPackage, type ShownSponsor, type SponsorPlaces } from '../../../common/sponsorships';
import { rulesOfEventType } from '../../../common/signups/kinds';
import { randomToken, sha256 } from '../staff/secrets';
import { parseFields } from '../../../common/api-errors';
import { formatCalendarDate, todayInFoundationZone } from '../../../common/dates';
import { centsToDecimalString, formatCents } from '../../../common/money';
import type { RefundReason } from '../../../common/payments';
import { receiptNumber } from '../../../common/receipts';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/repositories/payments';
import { findEventForSignup, placesTaken, teamNameTaken, type EventForSignup } from '../../db/repositories/signups';
import {
  claimSponsorship,
  findApprovedLogo,
  findByClaimToken,
  findLogo,
  findPackage,
  findSponsorship,
  findSponsorshipOfPayment,
  insertPackage,
  insertSponsorship,
  listGuests,
  listPackages,
  listPaidSponsorships,
  listSponsorshipsOfUser,
  openHoldsFrom,
  packagesTaken,
  releaseSponsorshipHold,
  replaceGuests,
  setClaimToken,
  setReview,
  updatePackage,
  type PackageFields,
  type PackageRow,
  type Sponsorship,
} from '../../db/repositories/sponsorships';
import { refundNoticeEmail } from '../../mail/templates/refund-notice';
import { sponsorshipReceiptEmail } from '../../mail/templates/sponsorship-receipt';
import type { MailSiteFacts } from '../../mail/templates/site';
import { recordAudit } from '../back-office/audit';
import { toCsv } from '../back-office/csv';
import type { PayerKeys } from '../counters';
import { ConflictError, DomainError, NotFoundError, TooManyRequestsError, ValidationError } from '../errors';
import { UploadRefused } from '../media/process-upload';
import type { PaymentCore, PaymentPurposeHandler, Trx } from '../payments/core';
import { OrderFormSchema, PackageFormSchema } from './forms';
import { parseGuests } from './guests';
import { processLogo, type Logo } from './logo';

/** ADR 052: sponsorship packages, sold through the payment core like sign-ups, never more than exist. */

export const HOLD_MINUTES = 15;
/** A business, not a script holding every package. */
const MAX_OPEN_HOLDS_PER_ADDRESS = 3;
const PAYABLE_AFTER_HOLD_MS = 15 * 60_000;
export const SOLD_OUT = 'This package is sold out. Please choose another package, or contact us.';
const LIVE: readonly string[] = ['paid', 'partially_refunded'];
const USED_LINK = 'This link has been used already or is no longer valid. If you used it, your sponsorship is on your dashboard; otherwise please contact us for a new one.';
export const NO_ROOM = 'The event has too few places left for the team or party this package includes. Please choose another package, or contact us.';
const ADMIN_PUBLISHES = 'Only an admin can publish a package. Save it as a draft and ask an admin to publish it.';

const fail = (errors: Record<string, string>) => ({ ok: false as const, errors });

function salesClosed(event: EventForSignup | null, today: string): string | null {
  if (!event || !event.published) return 'This event does not take sponsors online.';
  if (event.eventDate < today) return 'This event has taken place, so it takes no more sponsors.';
  return null;
}

async function sponsorshipOf(db: Db | Trx, payment: Payment): Promise<Sponsorship> {
  const sponsorship = await findSponsorshipOfPayment(db, payment.id);
  if (!sponsorship) throw new Error(`payment ${payment.id} has no sponsorship`);
  return sponsorship;
}

async function withLeft(db: Db | Trx, packages: PackageRow[], now: string): Promise<(PackageRow & { left: number })[]> {
  const taken = await packagesTaken(db, packages.map((p) => p.id), now);
  return packages.map((p) => ({ ...p, left: Math.max(0, p.quantity - (taken.get(p.id) ?? 0)) }));
}

/** ADR 054: a package's places come out of the event's, so it never sells more places than the event has. */
const noRoomFor = (event: EventForSignup, places: number, taken: number) => places > 0 && event.capacity !== null && taken + places > event.capacity;

/** The refund email's reason when the last package went while this card was being paid. */
export const SOLD_OUT_BEFORE_PAYMENT = 'The last package of this kind was sold before your payment reached us, so we could not keep it for you.';

/** ADR 054: a buyer who was signed in names the places from the dashboard; anyone else gets a one-time link that ties the sale to their account. */
async function namingLink(trx: Trx, sponsorship: Sponsorship, event: EventForSignup, site: MailSiteFacts) {
  if (sponsorship.places === 0 || sponsorship.placesDueOn === null) return undefined;
  let path = namingPath(sponsorship.id);
  if (sponsorship.userId === null) {
    const token = randomToken();
    await setClaimToken(trx, sponsorship.id, sha256(token));
    path = claimPath(token);
  }
  return { what: includedPlaces(sponsorship.places, rulesOfEventType(event.eventType).party), dueOn: sponsorship.placesDueOn, url: `${site.url}${path}` };
}

/** ADR 054: the seats as saved, each empty until named. */
function placesOf(sponsorship: Sponsorship, event: EventForSignup, saved: NamedGuest[] = []): SponsorPlaces | null {
  if (sponsorship.places === 0 || sponsorship.placesDueOn === null) return null;
  const party = rulesOfEventType(event.eventType).party;
  const shape = guestShape(sponsorship.places, party, event.signup.playersPerTeam ?? 4);
  const guests: NamedGuest[] = [];
  for (let team = 1; team <= shape.teams; team += 1) {
    for (let position = 1; position <= shape.perTeam; position += 1) {
      const seat = saved.find((g) => g.team === team && g.position === position);
      guests.push({ team, teamName: saved.find((g) => g.team === team)?.teamName ?? null, position, name: seat?.name ?? '' });
    }
  }
  return {
    what: includedPlaces(sponsorship.places, party),
    dueOn: sponsorship.placesDueOn,
    shape,
    guests,
    named: guests.filter((g) => g.name !== '').length,
    seats: guests.length,
  };
}

/** A late payment whose package sold meanwhile is refunded at once (ADR 014). */
export function sponsorshipPurpose({
  dialect,
  clock = () => new Date(),
  receiptUrl,
}: {
  dialect: 'sqlite' | 'postgres';
  clock?: () => Date;
  receiptUrl: (site: MailSiteFacts, paymentId: number) => string;
}): PaymentPurposeHandler {
  const lock = dialect === 'postgres';
  return {
    purpose: 'sponsorship',

    async refusal(trx, payment, now): Promise<RefundReason | null> {
      const sponsorship = await sponsorshipOf(trx, payment);
      const holdValid = sponsorship.holdExpiresAt !== null && sponsorship.holdExpiresAt > now;
      await releaseSponsorshipHold(trx, payment.id);
      if (holdValid) return null;
      // Others may have bought it meanwhile: decide under the event's lock.
      const event = await findEventForSignup(trx, { id: sponsorship.eventId }, lock);
      if (salesClosed(event, todayInFoundationZone(clock()))) return 'event_closed';
      const pkg = (await findPackage(trx, sponsorship.packageId))!;
      const taken = (await packagesTaken(trx, [pkg.id], now, sponsorship.id)).get(pkg.id) ?? 0;
      if (taken + 1 > pkg.quantity) return 'event_full';
      // Its hold is released above, so its own places are not counted.
      return noRoomFor(event!, sponsorship.places, await placesTaken(trx, event!.id, now)) ? 'event_full' : null;
    },

    async paidMail(trx, payment, site) {
      const sponsorship = await sponsorshipOf(trx, payment);
      const event = (await findEventForSignup(trx, { id: sponsorship.eventId }, false))!;
      return sponsorshipReceiptEmail({
        to: sponsorship.contactEmail,
        site,
        sponsorship: { ...sponsorship, amountCents: payment.amountCents },
        event,
        receiptUrl: receiptUrl(site, payment.id),
        naming: await namingLink(trx, sponsorship, event, site),
      });
    },

    async refundMail(trx, payment, refund, site) {
      const sponsorship = await sponsorshipOf(trx, payment);
      return refundNoticeEmail({
        to: sponsorship.contactEmail,
        site,
        what: `your ${sponsorship.packageName} sponsorship (receipt ${receiptNumber({ sponsorshipId: sponsorship.id })})`,
        amountCents: refund.amountCents,
        reason: refund.reason,
        paid: { kind: 'signup', amountCents: payment.amountCents, leftCents: payment.amountCents - (refund.refundedBeforeCents ?? 0) - refund.amountCents },
        why: { event_full: SOLD_OUT_BEFORE_PAYMENT, event_closed: 'Sponsorships for the event had closed before your payment reached us.' },
      });
    },

    async released(trx, payment) {
      await releaseSponsorshipHold(trx, payment.id);
    },
  };
}

export interface SponsorshipsDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  core: PaymentCore;
  /** The keyed hash the API gives an address (client-key.ts), for card-testing limits and holds per network. */
  clientKeyOf: (address: string | null) => string | null;
  clock?: () => Date;
}

/** A page's answer: the order's field errors, or what the card step needs. */
type Answer<T> = { ok: true; value: T } | { ok: false; status: number; errors: Record<string, string> };
async function asAnswer<T>(work: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const status = ({ validation: 400, not_found: 404, conflict: 409, too_many: 429 } as Record<string, number>)[error.code] ?? 400;
    return { ok: false, status, errors: error.fields };
  }
}

export interface LogoUpload {
  bytes: Buffer;
  declaredType: string;
  fileName: string;
}

const shown = (s: Sponsorship): ShownSponsor => ({
  id: s.id,
  displayName: s.displayName,
  link: s.link,
  packageName: s.packageName,
  logo: { src: logoPath(s.id), width: s.logoWidth, height: s.logoHeight },
});

export function createSponsorships({ db, dialect, core, clientKeyOf, clock = () => new Date() }: SponsorshipsDeps) {
  const lock = dialect === 'postgres';
  const nowIso = () => clock().toISOString();

  async function eventOf(eventNumber: number): Promise<EventForSignup> {
    const event = await findEventForSignup(db, { eventNumber }, false);
    if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
    return event;
  }

  async function claimableSale(token: string): Promise<Sponsorship | null> {
    const found = /^[A-Za-z0-9_-]{43}$/.test(token) ? await findByClaimToken(db, sha256(token)) : null;
    return found && LIVE.includes(found.paymentStatus) ? found : null;
  }

  /** ADR 054: the account's paid sales whose packages include places, each with its event read once. */
  async function ownWithPlaces(userId: number): Promise<{ view: MySponsorship; eventId: number }[]> {
    const own = (await listSponsorshipsOfUser(db, userId)).filter((s) => s.places > 0);
    const guests = await listGuests(db, own.map((s) => s.id));
    const events = new Map<number, EventForSignup>();
    for (const eventId of new Set(own.map((s) => s.eventId))) events.set(eventId, (await findEventForSignup(db, { id: eventId }, false))!);
    const today = todayInFoundationZone(clock());
    return own.flatMap((s) => {
      const event = events.get(s.eventId)!;
      const places = placesOf(s, event, guests.get(s.id));
      if (!places) return [];
      const view = { id: s.id, event: { eventNumber: event.eventNumber, name: event.name, eventDate: event.eventDate }, packageName: s.packageName, companyName: s.companyName, places, open: today <= places.dueOn };
      return [{ view, eventId: event.id }];
    });
  }

  async function ownOne(userId: number, id: number) {
    const found = (await ownWithPlaces(userId)).find((own) => own.view.id === id);
    if (!found) throw new NotFoundError({ sponsorship: 'This sponsorship is not one of yours, or includes no places.' });
    return found;
  }

  /** ADR 054: each sale's named places, for the lists and the event day's sheet. */
  async function withPlaces(event: EventForSignup, sold: Sponsorship[]) {
    const guests = await listGuests(db, sold.map((s) => s.id));
    return sold.map((s) => ({ ...s, named: placesOf(s, event, guests.get(s.id)) }));
  }

  const service = {
    /** The back office's packages of one event, with what is sold. */
    async packagesForStaff(eventNumber: number) {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event) return null;
      return { event: { eventNumber: event.eventNumber, name: event.name, eventDate: event.eventDate }, packages: await withLeft(db, await listPackages(db, event.id), nowIso()) };
    },

    async savePackage(actor: StaffActor, eventNumber: number, id: number | null, fields: FormFields): Promise<ActionResult> {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event) return fail({ form: `Event ${eventNumber} doesn't exist.` });
      const before = id === null ? null : await findPackage(db, id);
      if (id !== null && (!before || before.eventId !== event.id)) return fail({ form: 'This package no longer exists.' });
      if (actor.role !== 'admin' && before?.published) return fail({ form: 'This package is published, so only an admin can change it.' });
      const parsed = parseFields(PackageFormSchema, fields);
      if (!parsed.ok) return fail(parsed.errors);
      const v = parsed.data;
      if (actor.role !== 'admin' && v.published) return fail({ form: ADMIN_PUBLISHES });
      if (v.placesDue !== null && v.placesDue > event.eventDate) return fail({ placesDue: `Names must be due on or before the event, ${formatCalendarDate(event.eventDate)}.` });
      const row: PackageFields = {
        name: v.name,
        priceCents: v.price,
        quantity: v.quantity,
        includes: v.includes,
        places: v.places,
        placesDueOn: v.placesDue,
        goodsValueCents: v.goodsValue,
        published: v.published,
      };
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const saved = before ? (await updatePackage(trx, before.id, row, now.toISOString()), before.id) : await insertPackage(trx, event.id, row, now.toISOString());
        await recordAudit(
          trx,
          actor,
          {
            action: before ? 'sponsorship_package_changed' : 'sponsorship_package_created',
            subject: `sponsorship_package:${saved}`,
            summary: `${before ? 'Changed' : 'Created'} the sponsorship package "${row.name}" (${formatCents(row.priceCents)}, ${row.quantity} available) for event ${event.eventNumber}${row.published ? '' : ' (draft)'}`,
            before,
            after: row,
          },
          now,
        );
      });
      return { ok: true, message: row.published ? `Package “${row.name}” saved and shown on the event page.` : `Package “${row.name}” saved as a draft.` };
    },

    /** Published packages with what is left, for the event page. */
    async offered(eventNumber: number): Promise<OfferedPackage[]> {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event || salesClosed(event, todayInFoundationZone(clock()))) return [];
      const packages = (await listPackages(db, event.id)).filter((p) => p.published);
      const now = nowIso();
      const limited = event.capacity !== null && packages.some((p) => p.places > 0);
      const placesLeft = limited ? Math.max(0, event.capacity! - (await placesTaken(db, event.id, now))) : Infinity;
      return (await withLeft(db, packages, now)).map((p) => ({
        id: p.id,
        name: p.name,
        priceCents: p.priceCents,
        includes: p.includes,
        places: p.places,
        quantity: p.quantity,
        left: p.places > 0 ? Math.min(p.left, Math.floor(placesLeft / p.places)) : p.left,
      }));
    },

    /** The price is the package's, read under the event's lock; the logo is checked before anything is written. */
    async createIntent(fields: unknown, logoUpload: LogoUpload | null, payer: PayerKeys, buyerId: number | null) {
      const parsed = parseFields(OrderFormSchema, fields);
      const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
      let logo: Logo | null = null;
      if (!logoUpload || logoUpload.bytes.byteLength === 0) errors.logo ??= 'Upload your logo (SVG, PNG or JPEG).';
      else {
        try {
          logo = await processLogo(logoUpload);
        } catch (error) {
          if (!(error instanceof UploadRefused)) throw error;
          errors.logo = error.message;
        }
      }
      if (!parsed.ok || !logo || Object.keys(errors).length > 0) throw new ValidationError(errors);
      const order = parsed.data;
      const kept = logo;
      const event = await eventOf(order.eventNumber);
      const closed = salesClosed(event, todayInFoundationZone(clock()));
      if (closed) throw new ConflictError({ eventNumber: closed });
      const pkg = await findPackage(db, order.packageId);
      if (!pkg || pkg.eventId !== event.id || !pkg.published) throw new ValidationError({ packageId: 'Choose one of this event’s packages.' });

      const { intent, record } = await core.open({
        purpose: 'sponsorship',
        amountCents: pkg.priceCents,
        payer,
        payableForMs: HOLD_MINUTES * 60_000 + PAYABLE_AFTER_HOLD_MS,
        receiptEmail: order.contactEmail,
        description: (site) => `${pkg.name} sponsorship, event ${event.eventNumber} — ${site.name}`,
        metadata: { eventNumber: String(event.eventNumber), packageId: String(pkg.id) },
        record: async (trx, payment, now) => {
          const at = now.toISOString();
          // Every sale of this event's packages takes this lock first (PostgreSQL; SQLite has one writer).
          const locked = await findEventForSignup(trx, { id: event.id }, lock);
          const stillClosed = salesClosed(locked, todayInFoundationZone(now));
          if (stillClosed) throw new ConflictError({ eventNumber: stillClosed });
          const current = await findPackage(trx, pkg.id);
          if (!current || !current.published) throw new ConflictError({ packageId: 'This package is no longer offered. Please choose another.' });
          if (current.priceCents !== pkg.priceCents) throw new ConflictError({ packageId: 'The price of this package has just changed. Please look at it again and order again.' });
          if (payer.clientKey && (await openHoldsFrom(trx, event.id, payer.clientKey, at)) >= MAX_OPEN_HOLDS_PER_ADDRESS) {
            throw new TooManyRequestsError({ packageId: `Too many sponsorships for this event are waiting for payment from your network. Please finish one, or try again in ${HOLD_MINUTES} minutes.` }, HOLD_MINUTES * 60);
          }
          const taken = (await packagesTaken(trx, [pkg.id], at)).get(pkg.id) ?? 0;
          if (taken >= current.quantity) throw new ConflictError({ packageId: SOLD_OUT });
          if (noRoomFor(locked!, current.places, await placesTaken(trx, event.id, at))) throw new ConflictError({ packageId: NO_ROOM });
          const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
          const id = await insertSponsorship(trx, {
            paymentId: payment.id,
            packageId: pkg.id,
            eventId: event.id,
            companyName: order.companyName,
            contactName: order.contactName,
            contactEmail: order.contactEmail,
            phone: order.phone,
            displayName: order.displayName,
            link: order.link,
            logo: kept,
            goodsValueCents: current.goodsValueCents,
            places: current.places,
            userId: buyerId,
            holdExpiresAt,
            now: at,
          });
          return { id, holdExpiresAt };
        },
      });
      return {
        clientSecret: intent.clientSecret,
        sponsorshipId: record.id,
        eventNumber: event.eventNumber,
        packageName: pkg.name,
        amount: centsToDecimalString(pkg.priceCents),
        holdExpiresAt: record.holdExpiresAt,
        places: pkg.places,
      };
    },

    /** After the card: whoever holds the client secret paid it. */
    async save(fields: { token?: unknown; amount?: unknown }) {
      const amount = typeof fields.amount === 'number' ? fields.amount : Number.NaN;
      if (typeof fields.token !== 'string' || !Number.isSafeInteger(amount)) throw new ValidationError({ token: 'This payment could not be found. Please start again.' });
      const payment = await core.save({
        purpose: 'sponsorship',
        clientSecret: fields.token,
        claimedAmountCents: amount,
        mayAccess: () => true,
        notYours: 'This payment is not a sponsorship. Please start again.',
      });
      const sponsorship = await sponsorshipOf(db, payment);
      if (payment.status === 'refunded' && (payment.statusReason === 'event_full' || payment.statusReason === 'event_closed')) {
        throw new ConflictError({
          packageId: `${payment.statusReason === 'event_full' ? 'This package sold out' : 'Sponsorship for this event closed'} before your payment reached us, so we have refunded your ${formatCents(payment.amountCents)} in full. We have emailed you about it.`,
        });
      }
      return { id: sponsorship.id, status: payment.status, paymentId: payment.id };
    },

    /** Paid sponsorships of one event, for the back office. */
    async listForStaff(eventNumber: number) {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event) return null;
      return { event: { eventNumber: event.eventNumber, name: event.name, eventDate: event.eventDate, date: formatCalendarDate(event.eventDate) }, sponsorships: await withPlaces(event, await listPaidSponsorships(db, { eventId: event.id })) };
    },

    async review(actor: StaffActor, id: number, decision: 'approve' | 'reject', reason: string): Promise<ActionResult> {
      const sponsorship = await findSponsorship(db, id);
      if (!sponsorship || !['paid', 'partially_refunded'].includes(sponsorship.paymentStatus)) return fail({ form: 'This sponsorship no longer exists or is not paid.' });
      const trimmed = reason.trim();
      if (decision === 'reject' && trimmed === '') return fail({ [`reason-${id}`]: 'Say why the logo or name is rejected; the reason is kept with it.' });
      if (trimmed.length > 500) return fail({ [`reason-${id}`]: 'The reason must be at most 500 characters.' });
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await setReview(trx, id, decision === 'approve' ? 'approved' : 'rejected', decision === 'reject' ? trimmed : null, now.toISOString());
        await recordAudit(
          trx,
          actor,
          {
            action: decision === 'approve' ? 'sponsorship_approved' : 'sponsorship_rejected',
            subject: `sponsorship:${id}`,
            summary: decision === 'approve' ? `Approved the sponsor "${sponsorship.displayName}"` : `Rejected the sponsor "${sponsorship.displayName}": ${trimmed}`,
          },
          now,
        );
      });
      return { ok: true, message: decision === 'approve' ? `“${sponsorship.displayName}” is approved and shown on the site.` : `“${sponsorship.displayName}” is rejected.` };
    },

    /** The event day's list, audited as every export is. */
    async sponsorsCsv(actor: StaffActor, eventNumber: number): Promise<string | null> {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event) return null;
      const rows = await withPlaces(event, await listPaidSponsorships(db, { eventId: event.id }));
      await recordAudit(db, actor, { action: 'csv_exported', subject: `event:${eventNumber}:sponsorships`, summary: `Exported ${rows.length} sponsor${rows.length === 1 ? '' : 's'} of event ${eventNumber} as CSV`, after: { rows: rows.length } }, clock());
      return toCsv(
        ['Package', 'Price', 'Display name', 'Company', 'Contact', 'Email', 'Phone', 'Link', 'Approval', 'Paid', 'Goods and services value', 'Receipt number', 'Payment', 'Places', 'Names'],
        rows.map((r) => [
          r.packageName,
          centsToDecimalString(r.amountCents),
          r.displayName,
          r.companyName,
          r.contactName,
          r.contactEmail,
          r.phone,
          r.link ?? '',
          r.review,
          r.paidAt ?? '',
          centsToDecimalString(r.goodsValueCents),
          receiptNumber({ sponsorshipId: r.id }),
          r.paymentId,
          r.named?.what ?? '',
          r.named ? guestsText(r.named) : '',
        ]),
      );
    },

    /** Approved sponsors, dearest package first; of one event, or of all. */
    async approved(eventNumber?: number): Promise<ShownSponsor[]> {
      let eventId: number | undefined;
      if (eventNumber !== undefined) {
        const event = await findEventForSignup(db, { eventNumber }, false);
        if (!event) return [];
        eventId = event.id;
      }
      return (await listPaidSponsorships(db, { review: 'approved', ...(eventId !== undefined ? { eventId } : {}) })).map(shown);
    },

    /** ADR 054: what the emailed link is for, before the sponsor ties it to the account they are signed in with. */
    async claimable(token: string): Promise<ClaimablePlaces | null> {
      const found = await claimableSale(token);
      if (!found) return null;
      const event = (await findEventForSignup(db, { id: found.eventId }, false))!;
      return { companyName: found.companyName, packageName: found.packageName, eventName: event.name, what: includedPlaces(found.places, rulesOfEventType(event.eventType).party) };
    },

    /** Once: the link then stops working. */
    async claim(userId: number, token: string): Promise<number> {
      const found = await claimableSale(token);
      if (!found || !(await claimSponsorship(db, found.id, userId))) throw new NotFoundError({ token: USED_LINK });
      return found.id;
    },

    /** The account's sponsorships that include places, for the dashboard. */
    async mine(userId: number): Promise<MySponsorship[]> {
      return (await ownWithPlaces(userId)).map((own) => own.view);
    },

    async mineById(userId: number, id: number): Promise<MySponsorship> {
      return (await ownOne(userId, id)).view;
    },

    /** Every seat at once; names may wait, until the due day ends. */
    async saveNames(userId: number, id: number, fields: FormFields): Promise<void> {
      const { view, eventId } = await ownOne(userId, id);
      if (!view.open) throw new ConflictError({ form: `The names were due on ${formatCalendarDate(view.places.dueOn)}. Please contact us to change them.` });
      const parsed = parseGuests(view.places.shape, fields);
      if (!parsed.ok) throw new ValidationError(parsed.errors);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        for (const guest of parsed.guests.filter((g) => g.position === 1 && g.teamName !== null)) {
          if (await teamNameTaken(trx, eventId, guest.teamName!, at, undefined, id)) {
            throw new ValidationError({ [guestField(guest.team, 'name')]: 'Another team at this event already has this name. Please choose another.' });
          }
        }
        await replaceGuests(trx, id, parsed.guests, at);
      });
    },

    /** The public see only approved logos; staff see every one. */
    logo: (id: number, staff = false) => (staff ? findLogo(db, id) : findApprovedLogo(db, id)),
  };
  return {
    ...service,
    /** The sponsor page's order: errors as answers, not throws. */
    order: (fields: unknown, logo: LogoUpload | null, clientAddress: string | null, buyerId: number | null = null) =>
      asAnswer(() => service.createIntent(fields, logo, { userId: null, clientKey: clientKeyOf(clientAddress) }, buyerId)),
    confirm: (fields: { token?: unknown; amount?: unknown }) => asAnswer(() => service.save(fields)),
  };
}

export type Sponsorships = ReturnType<typeof createSponsorships>;
