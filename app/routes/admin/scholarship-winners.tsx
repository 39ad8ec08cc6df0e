import { data } from 'react-router';
import type { Route } from './+types/scholarship-winners';
import type { WinnerProfileView } from '../../../common/scholarship-rounds';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { Checkbox, FormSection, TextArea } from '../../admin/form-controls';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { PicturePicker, pictureOption, type PictureOption } from '../../admin/PicturePicker';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { pathNumber, readStaffForm, requireStaff } from '../../admin/guard.server';
import { WinnerActionSchema } from '../../admin/scholarship/round-actions.server';
import { typedValues } from '../../lib/form-body.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? `${data.round.year} winners` : 'Winners'} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { scholarship: true, role: 'admin' });
  const found = await args.context.services.scholarshipRounds.winners(pathNumber(args.params.roundId));
  if (!found) throw data('There is no such round.', { status: 404 });
  const media = await args.context.backOffice.content.media();
  return { round: { id: found.round.id, year: found.round.year }, winners: found.winners, photos: media.filter((m) => m.kind === 'image' && m.published).map(pictureOption) };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, WinnerActionSchema, { scholarship: true, role: 'admin' });
  const applicationId = fields.applicationId ?? '';
  const echo = typedValues(fields);
  if (!input.ok) return answer({ ...input, applicationId, echo });
  const result = await args.context.services.scholarshipRounds.saveWinner(actor, pathNumber(args.params.roundId), fields);
  return answer({ ...result, applicationId, echo: result.ok ? undefined : echo });
}

const LABELS = {
  name: 'Name',
  school: 'College or university',
  field: 'Field of study',
  quote: 'Quote',
  photoSrc: 'Photo',
  photoAlt: 'Alt text (describes the photo)',
  consent: 'The winner agreed to have this shown on the site',
};

export default function ScholarshipWinners({ loaderData, actionData }: Route.ComponentProps) {
  const { round, winners, photos } = loaderData;
  return (
    <div>
      <AdminPageHeader
        title={`Winners of ${round.year}`}
        lead="Each winner's public profile on the Scholarship page's Previous Winners list. It is published only with the winner's consent, and it stays when the application is deleted."
        actions={
          <a href="/admin/scholarship" className={linkClass}>
            All rounds
          </a>
        }
      />
      {winners.length === 0 ? (
        <EmptyState title="No winners yet.">Winners appear here once the award emails have gone out.</EmptyState>
      ) : (
        <div className="grid gap-6">
          {winners.map((w) => {
            const mine = actionData?.applicationId === String(w.applicationId) ? actionData : undefined;
            return <WinnerForm key={`${w.applicationId}-${w.id ?? 'new'}`} winner={w} photos={photos} result={mine} />;
          })}
        </div>
      )}
    </div>
  );
}

function WinnerForm({
  winner,
  photos,
  result,
}: {
  winner: WinnerProfileView;
  photos: PictureOption[];
  result: { ok: boolean; errors?: Record<string, string>; message?: string; echo?: Record<string, string> } | undefined;
}) {
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  const echo = result?.echo;
  const value = (name: string, saved: string) => echo?.[name] ?? saved;
  const idOf = (name: string) => `field-${winner.applicationId}-${name}`;
  const options = [{ value: '', label: 'No photo' }, ...photos];
  if (winner.photo && !photos.some((p) => p.value === winner.photo!.src)) options.splice(1, 0, { value: winner.photo.src, label: `Current: ${winner.photo.src.split('/').pop()}` });
  const status = winner.published ? 'Published on the Scholarship page' : winner.id ? 'Saved, not shown on the site' : 'Not saved yet';
  return (
    <StaffForm className="grid gap-4" aria-label={`${winner.awardName}: ${winner.name}`} noValidate>
      <input type="hidden" name="applicationId" value={winner.applicationId} />
      <FormSection title={`${winner.awardName}: ${winner.name || `application ${winner.applicationId}`}`} lead={`Application ${winner.applicationId} · ${status}`}>
        <div className="grid gap-4">
          {result?.ok ? <Notice tone="success">{result.message}</Notice> : null}
          <ErrorSummary links={errorLinks(errors, LABELS, idOf)} className="" />
          <OtherErrors errors={errors} shown={Object.keys(LABELS)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id={idOf('name')} name="name" label={LABELS.name} defaultValue={value('name', winner.name)} error={errors.name} maxLength={120} />
            <TextField id={idOf('school')} name="school" label={LABELS.school} defaultValue={value('school', winner.school)} error={errors.school} maxLength={200} />
            <TextField id={idOf('field')} name="field" label={LABELS.field} defaultValue={value('field', winner.field)} error={errors.field} maxLength={200} />
          </div>
          <TextArea id={idOf('quote')} name="quote" label={LABELS.quote} defaultValue={value('quote', winner.quote)} error={errors.quote} rows={3} maxLength={1000} hint="A line from the winner, shown on the card." />
          <div className="grid gap-4 sm:grid-cols-2">
            <PicturePicker id={idOf('photoSrc')} name="photoSrc" label={LABELS.photoSrc} error={errors.photoSrc} defaultValue={value('photoSrc', winner.photo?.src ?? '')} options={options} />
            <TextField id={idOf('photoAlt')} name="photoAlt" label={LABELS.photoAlt} defaultValue={value('photoAlt', winner.photo?.alt ?? '')} error={errors.photoAlt} maxLength={300} />
          </div>
          <Checkbox
            id={idOf('consent')}
            name="consent"
            label={LABELS.consent}
            defaultChecked={echo ? echo.consent === 'on' : winner.consent}
            hint={errors.consent ? <strong className="text-red-800">{errors.consent}</strong> : 'Ask the winner first; without it the profile cannot be published.'}
          />
          <div className="flex flex-wrap gap-3">
            <Button name="published" value="on" aria-label={`Publish ${winner.name || `application ${winner.applicationId}`}`}>
              Publish
            </Button>
            <Button variant="secondary" name="published" value="" aria-label={`Save ${winner.name || `application ${winner.applicationId}`} without showing it`}>
              Save without showing it
            </Button>
          </div>
        </div>
      </FormSection>
      <input type="hidden" name="intent" value="save-winner" />
    </StaffForm>
  );
}
