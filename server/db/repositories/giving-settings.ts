import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface GivingSettingsRow {
  suggestedAmounts: string;
  monthlyPreselected: boolean;
  updatedAt: string;
}

/** Undefined until staff first save. */
export async function findGivingSettings(db: Executor): Promise<GivingSettingsRow | undefined> {
  const row = await db.selectFrom('giving_settings').select(['suggested_amounts', 'monthly_preselected', 'updated_at']).where('id', '=', 1).executeTakeFirst();
  return row && { suggestedAmounts: row.suggested_amounts, monthlyPreselected: row.monthly_preselected === 1, updatedAt: row.updated_at };
}

/** The one row, made or replaced. */
export async function storeGivingSettings(db: Executor, row: GivingSettingsRow): Promise<void> {
  const values = { suggested_amounts: row.suggestedAmounts, monthly_preselected: row.monthlyPreselected ? 1 : 0, updated_at: row.updatedAt };
  await db
    .insertInto('giving_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
