import { redirect } from 'react-router';
import type { Route } from './+types/giving';
import { SUGGESTED_AMOUNTS_MAX, SUGGESTED_NOTE_MAX, type GivingSettings } from '../../../common/giving-settings';
import { centsToDecimalString } from '../../../common/money';
import { AdminPageHeader } from '../../admin/AdminShell';
import { Checkbox, FormSection } from '../../admin/form-controls';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { requireStaff, requireStaffForm } from '../../admin/guard.server';
import { typedValues } from '../../lib/form-body.server';

export const meta: Route.MetaFunction = () => [{ title: 'Giving | Back office' }];

/** ADR 046: what the Donation Form suggests. Admin only, as publishing is: it changes every public page at once. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: 'admin' });
  return { settings: await args.context.services.giving.current(), saved: new URL(args.request.url).searchParams.has('saved') };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields } = await requireStaffForm(args, { role: 'admin' });
  const result = await args.context.services.giving.save(actor, fields);
  if (result.ok) throw redirect('/admin/giving?saved=1');
  // So a browser without JavaScript shows what was typed.
  return answer({ ...result, echo: typedValues(fields) });
}

const ROWS = Array.from({ length: SUGGESTED_AMOUNTS_MAX }, (_, i) => i);

/** For the summary of errors, in the form's order. */
const FIELD_LABELS = Object.fromEntries(ROWS.flatMap((row) => [[`amount-${row}`, `Amount ${row + 1}`], [`note-${row}`, `What amount ${row + 1} does`]]));

export default function Giving({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, saved } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  return (
    <div>
      <AdminPageHeader
        title="Giving"
        lead="What the Donation Form suggests on every page. Changes show on the site from the next page anyone opens."
      />
      {saved && !actionData ? <Notice tone="success">Saved. The Donation Form shows these amounts from the next page anyone opens.</Notice> : null}
      {/* Anew once saved, so the fields show what was stored. */}
      <GivingForm key={JSON.stringify(settings)} settings={settings} errors={errors} echo={actionData?.echo} />
    </div>
  );
}

function GivingForm({ settings, errors = {}, echo }: { settings: GivingSettings; errors?: Record<string, string>; echo?: Record<string, string> }) {
  const saved = (row: number) => settings.amounts[row];
  const value = (name: string, stored: string) => (echo ? (echo[name] ?? '') : stored);
  return (
    <StaffForm className="grid gap-4" aria-label="Giving settings" noValidate>
      <ErrorSummary links={errorLinks(errors, FIELD_LABELS)} className="" />
      <OtherErrors errors={errors} shown={Object.keys(FIELD_LABELS)} />
      <FormSection
        title="Suggested amounts"
        lead={`Up to ${SUGGESTED_AMOUNTS_MAX}, shown as large buttons in this order, each with a short line of what it does (up to ${SUGGESTED_NOTE_MAX} characters). Leave a line empty to drop it. Donors can always type another amount.`}
      >
        <ol className="grid gap-4">
          {ROWS.map((row) => (
            <li key={row} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <TextField
                name={`amount-${row}`}
                label={`Amount ${row + 1} ($)`}
                inputMode="decimal"
                maxLength={20}
                defaultValue={value(`amount-${row}`, saved(row) ? centsToDecimalString(saved(row)!.cents) : '')}
                error={errors[`amount-${row}`]}
              />
              <TextField
                name={`note-${row}`}
                label={`What amount ${row + 1} does`}
                maxLength={SUGGESTED_NOTE_MAX * 2}
                defaultValue={value(`note-${row}`, saved(row)?.note ?? '')}
                error={errors[`note-${row}`]}
                hint={row === 0 ? 'For example: a week of groceries for a family' : undefined}
              />
            </li>
          ))}
        </ol>
      </FormSection>
      <FormSection title="How often">
        <Checkbox
          name="monthlyPreselected"
          label="Start the form on “Give monthly”"
          defaultChecked={echo ? echo.monthlyPreselected === 'on' : settings.monthlyPreselected}
          hint="Donors can still choose to give once."
        />
      </FormSection>
      <div>
        <Button>Save giving settings</Button>
      </div>
    </StaffForm>
  );
}
