import { redirect } from 'react-router';
import type { Route } from './+types/scholarship-rounds';
import { yearInFoundationZone } from '../../../common/dates';
import { formatMoment } from '../../../common/moment';
import { DEFAULT_ROUND_CONFIG, type RoundPhase } from '../../../common/scholarship';
import { ROUND_FORM_ROWS } from '../../../common/scholarship-rounds';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { DataTable, linkClass, Td, Th } from '../../admin/DataTable';
import { FormSection, Select, TextArea } from '../../admin/form-controls';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { readStaffForm, requireAdmin, requireStaff } from '../../admin/guard.server';
import { RoundActionSchema } from '../../admin/scholarship/round-actions.server';
import { roundFormValues } from '../../admin/scholarship/round-form-values';
import { typedValues } from '../../lib/form-body.server';

export const meta: Route.MetaFunction = () => [{ title: 'Scholarship | Back office' }];

/** Rounds are awarded in spring: from July on, the next one is next year's. */
const nextRoundYear = (now: Date, latest: number | undefined) => Math.max(latest === undefined ? 0 : latest + 1, yearInFoundationZone(now) + (now.getUTCMonth() >= 6 ? 1 : 0));

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args, { scholarship: true });
  const service = args.context.services.scholarshipRounds;
  const rounds = await service.listForStaff();
  const url = new URL(args.request.url);
  const isAdmin = actor.role === 'admin';
  const editId = Number(url.searchParams.get('edit'));
  const editing = isAdmin && editId ? await service.forEditing(editId) : null;
  const values = editing
    ? roundFormValues(editing.round)
    : roundFormValues({ ...DEFAULT_ROUND_CONFIG, year: nextRoundYear(new Date(), rounds[0]?.year) });
  return {
    rounds,
    isAdmin,
    editing: editing ? { id: editing.round.id, year: editing.round.year, locked: editing.locked } : null,
    values,
    saved: url.searchParams.get('saved'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, RoundActionSchema, { scholarship: true });
  requireAdmin(actor);
  // So a browser without JavaScript shows what was typed.
  const echo = typedValues(fields);
  if (!input.ok) return answer({ ...input, echo });
  const result = await args.context.services.scholarshipRounds.save(actor, input.data.id, fields);
  if (result.ok) throw redirect(`/admin/scholarship?saved=${result.id}`);
  return answer({ ...result, echo });
}

const PHASE_TEXT: Record<RoundPhase, string> = { upcoming: 'Not open yet', open: 'Open', closed: 'Closed, being reviewed', decided: 'Decided' };

export default function ScholarshipRounds({ loaderData, actionData }: Route.ComponentProps) {
  const { rounds, isAdmin, editing, values, saved } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  const savedRound = saved ? rounds.find((r) => String(r.id) === saved) : undefined;
  return (
    <div>
      <AdminPageHeader
        title="Scholarship"
        lead="The yearly scholarship rounds: when applications open and close, what applicants answer and send, and how reviewers score them. Applications, documents and scores are private to admins and reviewers."
      />
      {savedRound && !actionData ? <Notice tone="success">{`The ${savedRound.year} round is saved.`}</Notice> : null}
      {rounds.length === 0 ? (
        <EmptyState className="mb-8" title="No rounds yet.">
          {isAdmin ? 'Open one with the form below.' : 'An admin opens the first round.'}
        </EmptyState>
      ) : (
        <div className="mb-8">
          <DataTable
            caption="Scholarship rounds"
            head={
              <tr>
                <Th>Year</Th>
                <Th>Opens (Eastern time)</Th>
                <Th>Closes (Eastern time)</Th>
                <Th>Phase</Th>
                <Th>Applications submitted</Th>
                <Th>Pages</Th>
              </tr>
            }
          >
            {rounds.map((r) => (
                <tr key={r.id}>
                  <Td>{r.year}</Td>
                  <Td>{formatMoment(r.opensAt)}</Td>
                  <Td>{formatMoment(r.closesAt)}</Td>
                  <Td>{r.purgedAt ? 'Decided, applications deleted' : PHASE_TEXT[r.phase]}</Td>
                  <Td>{r.submitted}</Td>
                  <Td>
                    <span className="flex flex-wrap gap-x-4 gap-y-1">
                      <a href={`/admin/scholarship/${r.id}`} className={linkClass} aria-label={`Applications and reviews of ${r.year}`}>
                        Applications and reviews
                      </a>
                      {isAdmin ? (
                        <>
                          <a href={`/admin/scholarship/${r.id}/winners`} className={linkClass} aria-label={`Winners of ${r.year}`}>
                            Winners
                          </a>
                          <a href={`/admin/scholarship?edit=${r.id}#round-form`} className={linkClass} aria-label={`Edit the ${r.year} round`}>
                            Edit
                          </a>
                        </>
                      ) : null}
                    </span>
                  </Td>
                </tr>
              ))}
          </DataTable>
        </div>
      )}
      {isAdmin ? <RoundForm key={editing?.id ?? `new-${saved ?? ''}`} editing={editing} values={actionData?.echo ?? values} errors={errors} /> : null}
    </div>
  );
}

type Rows = keyof typeof ROUND_FORM_ROWS;

/** Filled rows and two empty ones to add to (a browser without JavaScript gets more after saving). */
function rowCount(values: Record<string, string>, list: Rows, columns: string[]): number {
  let filled = 0;
  for (let i = 0; i < ROUND_FORM_ROWS[list]; i++) if (columns.some((c) => (values[`${list}-${i}-${c}`] ?? '').trim() !== '')) filled = i + 1;
  return Math.min(ROUND_FORM_ROWS[list], filled + 2);
}

const TOP_LABELS: Record<string, string> = {
  year: 'Year',
  opensDate: 'Opening date',
  opensTime: 'Opening time',
  closesDate: 'Closing date',
  closesTime: 'Closing time',
  awards: 'Awards',
  rubric: 'Rubric',
  reviewersPerApplication: 'Reviewers per application',
  retentionMonths: 'Months to keep applications after the decision',
};

const ROW_LABELS: Record<Rows, { noun: string; columns: Record<string, string> }> = {
  awards: { noun: 'Award', columns: { name: 'name', amount: 'amount (dollars)' } },
  questions: { noun: 'Question', columns: { question: '', kind: 'answer', threshold: 'lowest accepted number', requirement: 'requirement shown' } },
  prompts: { noun: 'Essay', columns: { prompt: 'prompt', maxWords: 'word limit' } },
  documents: { noun: 'Document', columns: { label: 'name' } },
  rubric: { noun: 'Criterion', columns: { label: 'name', weight: 'weight' } },
};

/** Every field's label for the error summary, rows included ("Award 2 amount (dollars)"). */
function allLabels(): Record<string, string> {
  const labels: Record<string, string> = { ...TOP_LABELS };
  for (const [list, { noun, columns }] of Object.entries(ROW_LABELS)) {
    for (let i = 0; i < ROUND_FORM_ROWS[list as Rows]; i++) for (const [column, label] of Object.entries(columns)) labels[`${list}-${i}-${column}`] = `${noun} ${i + 1}${label ? ` ${label}` : ''}`;
  }
  return labels;
}

function RoundForm({ editing, values, errors = {} }: { editing: { id: number; year: number; locked: boolean } | null; values: Record<string, string>; errors?: Record<string, string> }) {
  const labels = allLabels();
  const locked = editing?.locked ?? false;
  const field = (name: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField name={name} label={labels[name]} defaultValue={values[name] ?? ''} error={errors[name]} disabled={locked} {...extra} />
  );
  const area = (name: string, maxLength: number) => (
    <TextArea name={name} label={labels[name]!} defaultValue={values[name] ?? ''} error={errors[name]} disabled={locked} maxLength={maxLength} rows={2} className="" />
  );
  const listError = (list: string) => (errors[list] ? <p className="text-sm font-semibold text-red-800" id={`field-${list}`}>{errors[list]}</p> : null);
  const rows = (list: Rows, columns: string[], render: (i: number) => React.ReactNode) =>
    Array.from({ length: rowCount(values, list, columns) }, (_, i) => (
      <div key={i} className="grid gap-3 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
        <input type="hidden" name={`${list}-${i}-key`} value={values[`${list}-${i}-key`] ?? ''} />
        {render(i)}
      </div>
    ));
  return (
    <StaffForm id="round-form" className="grid gap-4" aria-label={editing ? `Edit the ${editing.year} round` : 'Open a round'} noValidate>
      <input type="hidden" name="id" value={editing?.id ?? ''} />
      <h2 className="text-xl font-bold text-brand-900">{editing ? `Edit the ${editing.year} round` : 'Open a round'}</h2>
      <p className="text-sm text-slate-700">
        {editing
          ? 'Moments are in Eastern time (New York).'
          : 'Filled in with last year’s awards, questions, essays, documents and rubric: choose the dates, check the rest, and open the round. Moments are in Eastern time (New York). Empty rows are left out.'}
      </p>
      {locked ? (
        <Notice tone="info">Applications have been submitted to this round, so only the closing date and time and the reviewers per application can change.</Notice>
      ) : null}
      <ErrorSummary links={errorLinks(errors, labels)} className="" />
      <OtherErrors errors={errors} shown={Object.keys(labels)} />
      <FormSection title="Dates">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('year', { inputMode: 'numeric', maxLength: 4, className: 'sm:col-span-2 sm:max-w-40' })}
          {field('opensDate', { type: 'date' })}
          {field('opensTime', { type: 'time', hint: 'Applications open at this moment…' })}
          <TextField name="closesDate" label={labels.closesDate} type="date" defaultValue={values.closesDate ?? ''} error={errors.closesDate} />
          <TextField name="closesTime" label={labels.closesTime} type="time" defaultValue={values.closesTime ?? ''} error={errors.closesTime} hint="…and a submission after this one is refused." />
        </div>
      </FormSection>
      <FormSection title="Awards">
        {listError('awards')}
        {rows('awards', ['name', 'amount'], (i) => (
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
            {field(`awards-${i}-name`, { maxLength: 80 })}
            {field(`awards-${i}-amount`, { inputMode: 'decimal', hint: i === 0 ? 'For example: 5,000' : undefined })}
          </div>
        ))}
      </FormSection>
      <FormSection title="Eligibility questions" lead="Asked before anything else; an applicant who does not meet one is told the requirement, kindly, and nothing is saved.">
        {rows('questions', ['question', 'threshold', 'requirement'], (i) => (
          <>
            {area(`questions-${i}-question`, 300)}
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr]">
              <Select
                name={`questions-${i}-kind`}
                label={labels[`questions-${i}-kind`]!}
                defaultValue={values[`questions-${i}-kind`] ?? 'yes'}
                error={errors[`questions-${i}-kind`]}
                disabled={locked}
                options={[
                  { value: 'yes', label: 'Must be yes' },
                  { value: 'at-least', label: 'A number, at least…' },
                ]}
              />
              {field(`questions-${i}-threshold`, { inputMode: 'decimal', hint: 'Only for a number.' })}
              {field(`questions-${i}-requirement`, { maxLength: 200 })}
            </div>
          </>
        ))}
      </FormSection>
      <FormSection title="Essays">
        {rows('prompts', ['prompt', 'maxWords'], (i) => (
          <div className="grid gap-3 sm:grid-cols-[3fr_1fr]">
            {area(`prompts-${i}-prompt`, 500)}
            {field(`prompts-${i}-maxWords`, { inputMode: 'numeric' })}
          </div>
        ))}
      </FormSection>
      <FormSection title="Documents asked for" lead="Each is a PDF or a picture the applicant uploads.">
        {rows('documents', ['label'], (i) => field(`documents-${i}-label`, { maxLength: 120 }))}
      </FormSection>
      <FormSection title="Rubric" lead="Reviewers score each criterion from 1 to 10; the weights decide how much each counts.">
        {listError('rubric')}
        {rows('rubric', ['label', 'weight'], (i) => (
          <div className="grid gap-3 sm:grid-cols-[3fr_1fr]">
            {field(`rubric-${i}-label`, { maxLength: 80 })}
            {field(`rubric-${i}-weight`, { inputMode: 'numeric' })}
          </div>
        ))}
      </FormSection>
      <FormSection title="Reviewing and privacy">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="reviewersPerApplication"
            label={labels.reviewersPerApplication}
            inputMode="numeric"
            defaultValue={values.reviewersPerApplication ?? ''}
            error={errors.reviewersPerApplication}
            hint="From 1 to 10, assigned evenly."
          />
          {field('retentionMonths', { inputMode: 'numeric', hint: 'Then applications, documents, letters and scores are deleted; winners’ public profiles stay.' })}
        </div>
      </FormSection>
      <div>
        <Button name="intent" value="save">
          {editing ? 'Save the round' : 'Open the round'}
        </Button>
        {editing ? (
          <a href="/admin/scholarship" className={`ml-4 ${linkClass}`}>
            Cancel
          </a>
        ) : null}
      </div>
    </StaffForm>
  );
}
