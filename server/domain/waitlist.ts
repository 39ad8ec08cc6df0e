import type { StaffActor } from '../../common/back-office';
import { todayInFoundationZone } from '../../common/dates';
import { closedReason } from './signups';
import { rulesOf, signupKindOfEventType } from '../../common/signups/kinds';
import { JoinWaitlistSchema, OfferHoursSchema, PartySizeSchema, requestText, type MyWaitlistEntry, type WaitlistsService } from '../../common/waitlist';
import type { Db } from '../db/database';
import { findEventForSignup, placesTaken, type EventForSignup } from '../db/repositories/signups';
import {
  deleteClosedEntry,
  deleteOpenEntry,
  entriesOfUser,
  eventsWithOpenEntries,
  findEntry,
  findEntryById,
  insertEntry,
  lapseExpiredOffers,
  listEntries,
  listEntriesWithPeople,
  markOffered,
  offerHoursOf,
  positionOf,
  saveOfferHours,
  type WaitlistEntry,
} from '../db/repositories/waitlist';
import type { Logger } from '../logger';
import { waitlistOfferEmail } from '../mail/templates/waitlist-offer';
import type { MailSiteFacts } from '../mail/templates/site';
import { recordAudit } from './back-office/audit';
import { ConflictError, NotFoundError, ValidationError } from './errors';
import { queueMail, type MailDelivery } from './mail-queue';
import { parseBody } from './parse';
import type { Trx } from './payments/core';

export interface WaitlistsDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  logger: Logger;
  siteFacts: () => Promise<MailSiteFacts>;
  mail: Pick<MailDelivery, 'kick'>;
  clock?: () => Date;
}

/** Offers are decided where sign-ups are: not published or past its dates, no new offers. */
const signupStillOpen = (event: EventForSignup, today: string): boolean => closedReason(event, today) === null;

/** ADR 053: joining a full event's list, offers when places free up, and the staff's view. */
export function createWaitlists({ db, dialect, logger, siteFacts, mail, clock = () => new Date() }: WaitlistsDeps) {
  const lock = dialect === 'postgres';

  async function requireEvent(trx: Db | Trx, eventNumber: number, locked: boolean): Promise<EventForSignup> {
    const event = await findEventForSignup(trx, { eventNumber }, locked);
    if (!event || !event.published) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
    return event;
  }

  async function view(trx: Db | Trx, entry: WaitlistEntry, event: EventForSignup): Promise<MyWaitlistEntry> {
    return {
      eventNumber: event.eventNumber,
      eventName: event.name,
      eventType: event.eventType,
      places: entry.places,
      request: requestText(entry.kind, entry.places),
      status: entry.status === 'offered' ? 'offered' : 'waiting',
      position: await positionOf(trx, entry),
      offerExpiresAt: entry.status === 'offered' ? entry.offerExpiresAt : null,
    };
  }

  /** An offer stands until its time; a lapsed or accepted entry is no longer theirs to see. */
  function isOpen(entry: WaitlistEntry, now: string): boolean {
    return entry.status === 'waiting' || (entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now);
  }

  async function offerTo(trx: Trx, site: MailSiteFacts, event: EventForSignup, entry: WaitlistEntry, now: Date, staff: StaffActor | null): Promise<boolean> {
    const hours = await offerHoursOf(trx, event.id);
    const expiresAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
    if (!(await markOffered(trx, entry.id, { now: now.toISOString(), expiresAt, staffId: staff?.id ?? null }))) return false;
    const user = await trx.selectFrom('users').select(['email']).where('id', '=', entry.userId).executeTakeFirstOrThrow();
    const message = waitlistOfferEmail({ to: user.email, site, event, request: requestText(entry.kind, entry.places), expiresAt });
    await queueMail(trx, message, { purpose: 'waitlist_offer', dedupeKey: `waitlist-offer:${entry.id}:${now.toISOString()}` }, now);
    return true;
  }

  /**
   * The job step: under the event's lock (as sign-ups decide), lapsed offers end, and the free
   * places (capacity less sold, held and offered) go to the first in line whose request fits.
   * Offered places count as taken, so a second run, here or on another instance, offers nothing more.
   */
  async function offerForEvent(eventId: number): Promise<number> {
    const offered = await offerUnderLock(eventId);
    if (offered > 0) mail.kick();
    return offered;
  }

  async function offerUnderLock(eventId: number): Promise<number> {
    // Read before the transaction: SQLite's one connection is the transaction's until it ends.
    const site = await siteFacts();
    return db.transaction().execute(async (trx) => {
      const now = clock();
      const nowIso = now.toISOString();
      const event = await findEventForSignup(trx, { id: eventId }, lock);
      if (!event) return 0;
      await lapseExpiredOffers(trx, event.id, nowIso);
      if (event.capacity === null || !signupStillOpen(event, todayInFoundationZone(now))) return 0;
      let free = event.capacity - (await placesTaken(trx, event.id, nowIso));
      let offered = 0;
      for (const entry of await listEntries(trx, event.id)) {
        if (free <= 0) break;
        if (entry.status !== 'waiting' || entry.places > free) continue;
        if (await offerTo(trx, site, event, entry, now, null)) {
          free -= entry.places;
          offered++;
        }
      }
      return offered;
    });
  }

  const service = {
    async join(userId: number, body: unknown): Promise<MyWaitlistEntry> {
      const { eventNumber, partySize } = parseBody(JoinWaitlistSchema, body);
      const found = await requireEvent(db, eventNumber, false);
      const kind = signupKindOfEventType(found.eventType);
      if (!kind) throw new ValidationError({ eventNumber: 'This event does not take sign-ups online.' });
      // A team takes one place; a party as many as its people, within a sign-up's limits.
      const places = rulesOf(kind).party ? parseBody(PartySizeSchema, { partySize }).partySize : 1;
      return db.transaction().execute(async (trx) => {
        const now = clock();
        const event = await requireEvent(trx, eventNumber, lock);
        const closed = closedReason(event, todayInFoundationZone(now));
        if (closed) throw new ConflictError({ eventNumber: closed.message });
        if (event.capacity !== null && places > event.capacity) throw new ValidationError({ partySize: `This event has ${event.capacity} places in all.` });
        const left = event.capacity === null ? null : event.capacity - (await placesTaken(trx, event.id, now.toISOString()));
        if (left === null || left >= places) throw new ConflictError({ eventNumber: 'This event still has places: please sign up instead.' });
        await deleteClosedEntry(trx, event.id, userId);
        const entry = await insertEntry(trx, { eventId: event.id, userId, kind, places, now: now.toISOString() });
        if (!entry) throw new ConflictError({ eventNumber: 'You are already on the waiting list for this event.' });
        logger.info({ eventNumber, userId, places }, 'joined a waiting list');
        return view(trx, entry, event);
      });
    },

    async leave(userId: number, eventNumber: number): Promise<void> {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event || !(await deleteOpenEntry(db, event.id, userId))) throw new NotFoundError({ eventNumber: 'You are not on the waiting list for this event.' });
      // A standing offer's places are free again for the next in line.
      await offerForEvent(event.id);
    },

    async mine(userId: number): Promise<MyWaitlistEntry[]> {
      const nowIso = clock().toISOString();
      const entries = (await entriesOfUser(db, userId)).filter((e) => isOpen(e, nowIso));
      return Promise.all(entries.map(async (entry) => view(db, entry, (await findEventForSignup(db, { id: entry.eventId }, false))!)));
    },

    async mineForEvent(userId: number, eventNumber: number): Promise<MyWaitlistEntry | null> {
      const event = await findEventForSignup(db, { eventNumber }, false);
      const entry = event ? await findEntry(db, event.id, userId) : null;
      return event && entry && isOpen(entry, clock().toISOString()) ? view(db, entry, event) : null;
    },

    /** Every event with someone waiting or an offer standing; run by the jobs and after places free up. */
    async offerFreedPlaces(): Promise<number> {
      let offered = 0;
      for (const eventId of await eventsWithOpenEntries(db, todayInFoundationZone(clock()))) offered += await offerForEvent(eventId);
      return offered;
    },

    /** Never throws: a cancellation or refund that freed the places has already happened. */
    async afterPlacesFreed(): Promise<void> {
      try {
        await service.offerFreedPlaces();
      } catch (error) {
        logger.error({ err: error }, 'waiting-list offers failed; the periodic job tries again');
      }
    },

    // The back office.

    async staffView(eventNumber: number) {
      const event = await findEventForSignup(db, { eventNumber }, false);
      if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
      const nowIso = clock().toISOString();
      const entries = await listEntriesWithPeople(db, event.id);
      return {
        event: { eventNumber: event.eventNumber, name: event.name, eventType: event.eventType, capacity: event.capacity },
        offerHours: await offerHoursOf(db, event.id),
        placesTaken: await placesTaken(db, event.id, nowIso),
        entries: entries.map((e) => ({
          id: e.id,
          name: e.name,
          email: e.email,
          request: requestText(e.kind, e.places),
          places: e.places,
          joinedAt: e.createdAt,
          status: e.status === 'offered' && e.offerExpiresAt !== null && e.offerExpiresAt <= nowIso ? ('lapsed' as const) : e.status,
          offeredAt: e.offeredAt,
          offerExpiresAt: e.offerExpiresAt,
          byStaff: e.offeredByStaffId !== null,
        })),
      };
    },

    /** The same rules as the job: sign-up open, the request fits the free places, under the lock; audited. */
    async offerByHand(actor: StaffActor, eventNumber: number, entryId: number): Promise<string> {
      const site = await siteFacts();
      const answer = await db.transaction().execute(async (trx) => {
        const now = clock();
        const event = await findEventForSignup(trx, { eventNumber }, lock);
        // A form's id that is no row id (PostgreSQL would refuse it as an integer) is nobody in line.
        const entry = Number.isSafeInteger(entryId) && entryId > 0 ? await findEntryById(trx, entryId) : null;
        if (!event || !entry || entry.eventId !== event.id) throw new NotFoundError({ entry: 'This person is not on the waiting list for this event.' });
        await lapseExpiredOffers(trx, event.id, now.toISOString());
        if (!signupStillOpen(event, todayInFoundationZone(now))) throw new ConflictError({ entry: 'Sign-up for this event is closed, so no place can be offered.' });
        const current = (await findEntryById(trx, entryId))!;
        if (current.status !== 'waiting') throw new ConflictError({ entry: 'This person is no longer waiting (they have an offer, signed up, or let an offer lapse).' });
        const free = event.capacity === null ? Infinity : event.capacity - (await placesTaken(trx, event.id, now.toISOString()));
        if (current.places > free) throw new ConflictError({ entry: `Their request (${requestText(current.kind, current.places)}) does not fit the free places (${Math.max(0, free)}).` });
        await offerTo(trx, site, event, current, now, actor);
        const request = requestText(current.kind, current.places);
        await recordAudit(trx, actor, { action: 'waitlist_offer', subject: `waitlist_entry:${current.id}`, summary: `Offered ${request} at event ${eventNumber} to waiting-list entry ${current.id} by hand`, after: { entryId: current.id, places: current.places } }, now);
        return `Offered ${request}. They have been emailed.`;
      });
      mail.kick();
      return answer;
    },

    async setOfferHours(actor: StaffActor, eventNumber: number, body: unknown): Promise<string> {
      const { offerHours } = parseBody(OfferHoursSchema, body);
      return db.transaction().execute(async (trx) => {
        const now = clock();
        const event = await findEventForSignup(trx, { eventNumber }, false);
        if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
        const before = await offerHoursOf(trx, event.id);
        await saveOfferHours(trx, event.id, offerHours, now.toISOString());
        await recordAudit(trx, actor, { action: 'waitlist_offer_hours', subject: `event:${eventNumber}`, summary: `Set waiting-list offers at event ${eventNumber} to hold places for ${offerHours} hours`, before: { offerHours: before }, after: { offerHours } }, now);
        return `Offers now hold their places for ${offerHours} hours.`;
      });
    },
  };
  return service satisfies WaitlistsService;
}

export type Waitlists = ReturnType<typeof createWaitlists>;
