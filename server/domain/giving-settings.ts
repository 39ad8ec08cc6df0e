import { z } from 'zod';
import type { ActionResult, FormFields, StaffActor } from '../../common/back-office';
import { parseFields } from '../../common/api-errors';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from '../../common/donations';
import { DEFAULT_GIVING_SETTINGS, SUGGESTED_AMOUNTS_MAX, SUGGESTED_NOTE_MAX, type GivingSettings } from '../../common/giving-settings';
import { formatCents, parseAmountToCents } from '../../common/money';
import { hasControlCharacters } from '../../common/text';
import type { Db } from '../db/database';
import { parseJsonColumn } from '../db/json';
import { findGivingSettings, storeGivingSettings } from '../db/repositories/giving-settings';
import { recordAudit } from './back-office/audit';
import { checkbox, postedText } from './back-office/form-fields';

/** ADR 046: the Donation Form's suggested amounts and preselected frequency, set by an admin. */

const ROWS = Array.from({ length: SUGGESTED_AMOUNTS_MAX }, (_, i) => i);
const amountField = (row: number) => `amount-${row}`;
const noteField = (row: number) => `note-${row}`;

const AMOUNT_RANGE = `Enter an amount from ${formatCents(DONATION_MIN_CENTS)} to ${formatCents(DONATION_MAX_CENTS)}, like 25 or 25.00.`;

/** The back-office form: up to six rows of amount and line (a row left empty is dropped) and a checkbox. */
export const GivingSettingsFormSchema = z
  .object({
    ...Object.fromEntries(ROWS.flatMap((row) => [[amountField(row), postedText], [noteField(row), postedText]])),
    monthlyPreselected: checkbox,
  })
  .transform((form, ctx): GivingSettings => {
    const text = (name: string) => String((form as Record<string, unknown>)[name] ?? '');
    const amounts: GivingSettings['amounts'] = [];
    for (const row of ROWS) {
      const amount = text(amountField(row));
      const note = text(noteField(row));
      if (amount === '' && note === '') continue;
      const cents = amount === '' ? null : parseAmountToCents(amount);
      if (amount === '') ctx.addIssue({ code: 'custom', path: [amountField(row)], message: 'Enter an amount for this line, or clear the line too.' });
      else if (cents === null || cents < DONATION_MIN_CENTS || cents > DONATION_MAX_CENTS) ctx.addIssue({ code: 'custom', path: [amountField(row)], message: AMOUNT_RANGE });
      else if (amounts.some((other) => other.cents === cents)) ctx.addIssue({ code: 'custom', path: [amountField(row)], message: `${formatCents(cents)} is already suggested above.` });
      if (note.length > SUGGESTED_NOTE_MAX) ctx.addIssue({ code: 'custom', path: [noteField(row)], message: `Keep the line to ${SUGGESTED_NOTE_MAX} characters or fewer.` });
      else if (hasControlCharacters(note)) ctx.addIssue({ code: 'custom', path: [noteField(row)], message: 'The line contains invisible control characters; please retype it.' });
      else if (/[<>]/.test(note)) ctx.addIssue({ code: 'custom', path: [noteField(row)], message: 'Use plain words: the line cannot contain < or >.' });
      if (cents !== null) amounts.push({ cents, note });
    }
    if (amounts.length === 0 && ctx.issues.length === 0) ctx.addIssue({ code: 'custom', path: [amountField(0)], message: 'Suggest at least one amount.' });
    return { amounts, monthlyPreselected: form.monthlyPreselected };
  });

const StoredAmountsSchema = z.array(z.strictObject({ cents: z.int().min(DONATION_MIN_CENTS).max(DONATION_MAX_CENTS), note: z.string().max(SUGGESTED_NOTE_MAX) })).min(1).max(SUGGESTED_AMOUNTS_MAX);

const describe = (settings: GivingSettings) => `${settings.amounts.map((a) => formatCents(a.cents)).join(', ')}; ${settings.monthlyPreselected ? 'monthly' : 'once'} preselected`;

export function createGivingSettings({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  async function current(): Promise<GivingSettings> {
    const row = await findGivingSettings(db);
    if (!row) return DEFAULT_GIVING_SETTINGS;
    // Lenient: a damaged row shows the defaults rather than take every page down.
    const amounts = StoredAmountsSchema.safeParse(parseJsonColumn(row.suggestedAmounts));
    return { amounts: amounts.success ? amounts.data : DEFAULT_GIVING_SETTINGS.amounts, monthlyPreselected: row.monthlyPreselected };
  }

  return {
    current,

    /** Admin only; audited in the same transaction, which also moves the response cache's mark (ADR 029). */
    async save(actor: StaffActor, fields: FormFields): Promise<ActionResult> {
      if (actor.role !== 'admin') return { ok: false, errors: { form: 'Only an admin can do this.' } };
      const parsed = parseFields(GivingSettingsFormSchema, fields);
      if (!parsed.ok) return { ok: false, errors: parsed.errors };
      const before = await current();
      const after = parsed.data;
      await db.transaction().execute(async (trx) => {
        const now = clock();
        await storeGivingSettings(trx, { suggestedAmounts: JSON.stringify(after.amounts), monthlyPreselected: after.monthlyPreselected, updatedAt: now.toISOString() });
        await recordAudit(trx, actor, { action: 'giving_settings_changed', subject: 'giving_settings', summary: `Changed the Donation Form's suggested amounts: ${describe(after)}`, before, after }, now);
      });
      return { ok: true, message: 'Saved. The Donation Form shows these amounts from the next page anyone opens.' };
    },
  };
}

