import { z } from 'zod';
import type { StaffActor } from './back-office';
import { STEAKFRY_MAX_ATTENDEES } from './signups/steakfry';

/** ADR 053: what the pages and the dashboard see of the waiting lists. */

export const DEFAULT_OFFER_HOURS = 24;
export const MAX_OFFER_HOURS = 168;

export const JoinWaitlistSchema = z.object({
  eventNumber: z.coerce.number({ message: 'Choose an event.' }).int('Choose an event.').positive('Choose an event.').max(2 ** 31 - 1, 'Choose an event.'),
  partySize: z.unknown().optional(),
});

/** A steak-fry party of 1 to STEAKFRY_MAX_ATTENDEES; a team is always one place. */
export const PartySizeSchema = z.object({
  partySize: z.coerce
    .number({ message: 'Enter how many people are in your party.' })
    .int('Enter a whole number of people.')
    .min(1, 'A party has at least 1 person.')
    .max(STEAKFRY_MAX_ATTENDEES, `A party can have at most ${STEAKFRY_MAX_ATTENDEES} people.`),
});

export const OfferHoursSchema = z.object({
  offerHours: z.coerce
    .number({ message: 'Enter the hours an offer holds its places.' })
    .int('Enter a whole number of hours.')
    .min(1, 'An offer holds its places for at least 1 hour.')
    .max(MAX_OFFER_HOURS, `An offer holds its places for at most ${MAX_OFFER_HOURS} hours (a week).`),
});

export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'lapsed';

/** A signed-in visitor's own entry. */
export interface MyWaitlistEntry {
  eventNumber: number;
  eventName: string;
  eventType: string;
  places: number;
  /** "1 team", "4 people". */
  request: string;
  status: 'waiting' | 'offered';
  /** 1 for the first in line; null while an offer stands. */
  position: number | null;
  /** While an offer stands: until when its places are held. */
  offerExpiresAt: string | null;
}

/** The back office's view of one event's list and its offers. */
export interface WaitlistStaffView {
  event: { eventNumber: number; name: string; eventType: string; capacity: number | null };
  offerHours: number;
  /** Sold, held and offered. */
  placesTaken: number;
  entries: {
    id: number;
    name: string;
    email: string;
    request: string;
    places: number;
    joinedAt: string;
    status: WaitlistStatus;
    offeredAt: string | null;
    offerExpiresAt: string | null;
    byStaff: boolean;
  }[];
}

export interface WaitlistsService {
  /** The dashboard's list: waiting or holding an offer. */
  mine(userId: number): Promise<MyWaitlistEntry[]>;
  /** The event page's: null when not on its list. */
  mineForEvent(userId: number, eventNumber: number): Promise<MyWaitlistEntry | null>;
  join(userId: number, body: unknown): Promise<MyWaitlistEntry>;
  leave(userId: number, eventNumber: number): Promise<void>;
  staffView(eventNumber: number): Promise<WaitlistStaffView>;
  /** Rejects with field errors (`entry`) when the request does not fit or sign-up closed; answers the notice. */
  offerByHand(actor: StaffActor, eventNumber: number, entryId: number): Promise<string>;
  setOfferHours(actor: StaffActor, eventNumber: number, body: unknown): Promise<string>;
}

export const requestText = (kind: string, places: number) => (kind === 'steakfry' ? `${places} ${places === 1 ? 'person' : 'people'}` : '1 team');
