import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export async function webhookEventHandled(db: Executor, eventId: string): Promise<boolean> {
  return (await db.selectFrom('webhook_events').select('id').where('id', '=', eventId).executeTakeFirst()) !== undefined;
}

export async function rememberWebhookEvent(db: Executor, event: { id: string; type: string }, now: string): Promise<void> {
  await db
    .insertInto('webhook_events')
    .values({ id: event.id, type: event.type.slice(0, 100), received_at: now })
    // Two racing deliveries both get here; handling is idempotent anyway.
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
