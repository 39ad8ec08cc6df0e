import type { Db } from '../db/database';
import { decrementCounter, deleteCounter, deleteExpiredCounters, hitCounter, readCounter, type Counter } from '../db/repositories/rate-limits';
import { TooManyRequestsError } from './errors';

/** Fixed-window counters in the database, so every instance sees the same numbers. */
export function createCounters(db: Db, clock: () => Date = () => new Date()) {
  return {
    hit: (key: string, windowMs: number): Promise<Counter> => hitCounter(db, key, windowMs, clock()),
    get: (key: string): Promise<Counter | null> => readCounter(db, key, clock()),
    decrement: (key: string): Promise<void> => decrementCounter(db, key),
    reset: (key: string): Promise<void> => deleteCounter(db, key),
    purgeExpired: (): Promise<number> => deleteExpiredCounters(db, clock()),
  };
}

export type Counters = ReturnType<typeof createCounters>;

const DECLINE_LIMIT = 5;
const DECLINE_WINDOW_MS = 60 * 60_000;

export interface PayerKeys {
  userId: number | null;
  clientKey: string | null;
}

const keysOf = ({ userId, clientKey }: PayerKeys) => [
  ...(userId !== null ? [`declines:user:${userId}`] : []),
  ...(clientKey ? [`declines:client:${clientKey}`] : []),
];

/** Card testing: five declined cards in a row from one account or address block it for an hour; a success clears it. */
export function createCardTestingGuard(counters: Counters) {
  return {
    async assertAllowed(payer: PayerKeys): Promise<void> {
      for (const key of keysOf(payer)) {
        const counter = await counters.get(key);
        if (counter && counter.hits >= DECLINE_LIMIT) {
          const minutes = Math.max(1, Math.ceil((Date.parse(counter.resetAt) - Date.now()) / 60_000));
          throw new TooManyRequestsError(
            { card: `Too many cards were declined in a row. For everyone's safety, card payments from here are paused for ${minutes} minute${minutes === 1 ? '' : 's'}. If this is a mistake, please contact us.` },
            minutes * 60,
          );
        }
      }
    },
    async recordDecline(payer: PayerKeys): Promise<void> {
      for (const key of keysOf(payer)) await counters.hit(key, DECLINE_WINDOW_MS);
    },
    async recordSuccess(payer: PayerKeys): Promise<void> {
      for (const key of keysOf(payer)) await counters.reset(key);
    },
  };
}

export type CardTestingGuard = ReturnType<typeof createCardTestingGuard>;
