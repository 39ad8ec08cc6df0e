import { useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import type { FieldErrors } from '../../common/api-errors';
import { wordCount, type RoundView } from '../../common/scholarship';
import { APPLY_INTENTS, DETAIL_LABELS, documentField, essayField, questionField, type ApplicantApplication, type MissingPart } from '../../common/scholarship-applications';
import { useRouteForm, type FormAnswer } from '../lib/hooks/use-route-form';
import { CONTROL_CLASS, FieldError, FixErrorsNotice, GeneralErrors, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';

/** Issue 34: the apply page's forms. Each posts on its own and works without JavaScript. */

export interface ApplyAnswer extends FormAnswer {
  /** Eligibility answered but not met: the requirements, nothing saved. */
  unmet?: string[];
}

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const heading = 'text-xl font-semibold text-brand-800';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={`${heading} mb-4`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function EligibilityForm({ round, unmet }: { round: RoundView; unmet: string[] | undefined }) {
  const form = useRouteForm(APPLY_INTENTS.eligibility);
  const names = round.questions.map((q) => questionField(q.key));
  return (
    <Section id="eligibility-heading" title="Step 1: Check that you are eligible">
      {unmet && unmet.length > 0 ? <NotEligible unmet={unmet} /> : null}
      <p className="mb-4 text-slate-700">Answer these questions first. If the scholarship fits you, your application starts and saves as you go.</p>
      <Form id={form.formId} method="post" noValidate className="space-y-5">
        <input type="hidden" name="intent" value={APPLY_INTENTS.eligibility} />
        <GeneralErrors errors={form.errors} fields={names} />
        {round.questions.map((question) => {
          const field = form.field(questionField(question.key));
          const errorId = `field-${field.name}-error`;
          return question.kind === 'yes' ? (
            <fieldset key={question.key} id={`field-${field.name}`} aria-describedby={field.error ? errorId : undefined} className="space-y-2">
              <legend className="mb-1 text-sm font-semibold text-slate-800">{question.question}</legend>
              <FieldError id={errorId} message={field.error} />
              <div className="flex gap-6">
                {(['yes', 'no'] as const).map((answer) => (
                  <label key={answer} className="flex min-h-11 items-center gap-2 text-base">
                    <input type="radio" name={field.name} value={answer} defaultChecked={field.defaultValue === answer} className="h-5 w-5" />
                    {answer === 'yes' ? 'Yes' : 'No'}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <TextField key={question.key} name={field.name} label={question.question} defaultValue={field.defaultValue} error={field.error} inputMode="decimal" autoComplete="off" className="max-w-xs" />
          );
        })}
        <FixErrorsNotice errors={form.errors} />
        <SubmitButton busy={form.busy} busyText="Checking…">
          Check my eligibility
        </SubmitButton>
      </Form>
    </Section>
  );
}

function NotEligible({ unmet }: { unmet: string[] }) {
  return (
    <div role="alert" className="mb-5 rounded-md border border-amber-300 bg-amber-50 px-4 py-4 text-amber-950">
      <h3 className="text-lg font-semibold">Thank you for your interest</h3>
      <p className="mt-2">This year's scholarship is for students who meet every requirement, and from your answers these are not met yet:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 font-semibold">
        {unmet.map((requirement) => (
          <li key={requirement}>{requirement}</li>
        ))}
      </ul>
      <p className="mt-2">Nothing was saved. If an answer was a mistake, change it below and check again. We hope you will apply in a future year.</p>
    </div>
  );
}

const DETAIL_GROUPS: { legend: string; keys: (keyof typeof DETAIL_LABELS)[] }[] = [
  { legend: 'About you', keys: ['firstName', 'lastName', 'phone', 'street', 'city', 'state', 'zip'] },
  { legend: 'High school', keys: ['highSchool', 'graduationYear'] },
  { legend: 'College and field of study', keys: ['college', 'fieldOfStudy'] },
];
const AUTOCOMPLETE: Partial<Record<keyof typeof DETAIL_LABELS, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  phone: 'tel',
  street: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

export function DetailsForm({ application }: { application: ApplicantApplication }) {
  const form = useRouteForm(APPLY_INTENTS.details, application.details as Record<string, string>);
  const names = Object.keys(DETAIL_LABELS);
  return (
    <Section id="details-heading" title="Your details">
      <Form id={form.formId} method="post" noValidate className="space-y-6">
        <input type="hidden" name="intent" value={APPLY_INTENTS.details} />
        {form.done ? <SuccessNotice>{form.done}</SuccessNotice> : null}
        <GeneralErrors errors={form.errors} fields={names} />
        {DETAIL_GROUPS.map((group) => (
          <fieldset key={group.legend} className="space-y-4">
            <legend className="mb-2 text-lg font-semibold text-slate-900">{group.legend}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {group.keys.map((key) => {
                const field = form.field(key);
                return (
                  <TextField
                    key={key}
                    name={key}
                    label={DETAIL_LABELS[key]}
                    defaultValue={field.defaultValue}
                    error={field.error}
                    autoComplete={AUTOCOMPLETE[key] ?? 'off'}
                    inputMode={key === 'graduationYear' || key === 'zip' ? 'numeric' : key === 'phone' ? 'tel' : undefined}
                  />
                );
              })}
            </div>
          </fieldset>
        ))}
        <FixErrorsNotice errors={form.errors} />
        <SubmitButton busy={form.busy} busyText="Saving…">
          Save my details
        </SubmitButton>
      </Form>
    </Section>
  );
}

/** "123 of 500 words", counted as the server counts them. */
function EssayField({ name, prompt, maxWords, defaultValue, error }: { name: string; prompt: string; maxWords: number; defaultValue: string; error: string | undefined }) {
  const [words, setWords] = useState(() => wordCount(defaultValue));
  const id = `field-${name}`;
  const over = words > maxWords;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {prompt} <span className="font-normal text-slate-700">(at most {maxWords} words)</span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <textarea
        id={id}
        name={name}
        rows={10}
        defaultValue={defaultValue}
        onInput={(event) => setWords(wordCount(event.currentTarget.value))}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, `${id}-count`].filter(Boolean).join(' ')}
        className={CONTROL_CLASS}
      />
      <p id={`${id}-count`} aria-live="polite" className={`mt-1 text-sm ${over ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
        {words} of {maxWords} words{over ? ': too many' : ''}
      </p>
    </div>
  );
}

export function EssaysForm({ round, application }: { round: RoundView; application: ApplicantApplication }) {
  const initial = Object.fromEntries(round.prompts.map((p) => [essayField(p.key), application.essays[p.key] ?? '']));
  const form = useRouteForm(APPLY_INTENTS.essays, initial);
  return (
    <Section id="essays-heading" title="Essays">
      <Form id={form.formId} method="post" noValidate className="space-y-6">
        <input type="hidden" name="intent" value={APPLY_INTENTS.essays} />
        {form.done ? <SuccessNotice>{form.done}</SuccessNotice> : null}
        <GeneralErrors errors={form.errors} fields={Object.keys(initial)} />
        {round.prompts.map((prompt) => {
          const field = form.field(essayField(prompt.key));
          return <EssayField key={prompt.key} name={field.name} prompt={prompt.prompt} maxWords={prompt.maxWords} defaultValue={field.defaultValue} error={field.error} />;
        })}
        <FixErrorsNotice errors={form.errors} />
        <SubmitButton busy={form.busy} busyText="Saving…">
          Save my essays
        </SubmitButton>
      </Form>
    </Section>
  );
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentsForm({ round, application }: { round: RoundView; application: ApplicantApplication }) {
  const form = useRouteForm(APPLY_INTENTS.documents);
  const names = round.documents.map((d) => documentField(d.key));
  // A new key after each save empties the file inputs.
  const saved = application.documents.map((d) => d.uploadedAt).join();
  return (
    <Section id="documents-heading" title="Documents">
      <Form key={saved} id={form.formId} method="post" encType="multipart/form-data" noValidate className="space-y-5">
        <input type="hidden" name="intent" value={APPLY_INTENTS.documents} />
        {form.done ? <SuccessNotice>{form.done}</SuccessNotice> : null}
        <GeneralErrors errors={form.errors} fields={names} />
        <p className="text-slate-700">Each a PDF, JPEG or PNG file of at most 10 MB. Choosing a new file replaces the one saved.</p>
        {round.documents.map((doc) => {
          const name = documentField(doc.key);
          const id = `field-${name}`;
          const error = form.errors[name];
          const have = application.documents.find((d) => d.key === doc.key);
          return (
            <div key={doc.key}>
              <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
                {doc.label}
              </label>
              <FieldError id={`${id}-error`} message={error} />
              <input
                id={id}
                name={name}
                type="file"
                accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
                aria-invalid={error ? true : undefined}
                aria-describedby={[error ? `${id}-error` : null, `${id}-saved`].filter(Boolean).join(' ')}
                className="block w-full text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
              />
              <p id={`${id}-saved`} className="mt-1 text-sm break-all text-slate-700">
                {have ? `Saved: ${have.fileName} (${kilobytes(have.byteSize)})` : 'Not uploaded yet.'}
              </p>
            </div>
          );
        })}
        <FixErrorsNotice errors={form.errors} />
        <SubmitButton busy={form.busy} busyText="Uploading…">
          Save documents
        </SubmitButton>
      </Form>
    </Section>
  );
}

export function RecommenderForm({ application }: { application: ApplicantApplication }) {
  const form = useRouteForm(APPLY_INTENTS.recommender, { recommenderName: application.recommenderName, recommenderEmail: application.recommenderEmail });
  const name = form.field('recommenderName');
  const email = form.field('recommenderEmail');
  return (
    <Section id="recommender-heading" title="Your recommender">
      <p className="mb-4 text-slate-700">A coach, teacher or mentor who knows you. When you submit, we email them a link to upload their letter; you will see when it arrives, not what it says.</p>
      <Form id={form.formId} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value={APPLY_INTENTS.recommender} />
        {form.done ? <SuccessNotice>{form.done}</SuccessNotice> : null}
        <GeneralErrors errors={form.errors} fields={['recommenderName', 'recommenderEmail']} />
        <TextField name={name.name} label="Recommender's name" defaultValue={name.defaultValue} error={name.error} autoComplete="off" />
        <TextField name={email.name} label="Recommender's email" type="email" defaultValue={email.defaultValue} error={email.error} autoComplete="off" />
        <FixErrorsNotice errors={form.errors} />
        <SubmitButton busy={form.busy} busyText="Saving…">
          Save recommender
        </SubmitButton>
      </Form>
    </Section>
  );
}

export function SubmitForm({ missing, closes }: { missing: MissingPart[]; closes: string }) {
  const form = useRouteForm(APPLY_INTENTS.submit);
  return (
    <Section id="submit-heading" title="Submit your application">
      <Form id={form.formId} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value={APPLY_INTENTS.submit} />
        <GeneralErrors errors={form.errors as FieldErrors} fields={[]} />
        {missing.length > 0 ? (
          <div>
            <p className="font-semibold text-slate-900">Still needed before you can submit:</p>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {missing.map((part) => (
                <li key={part.fieldId}>
                  <a href={`#${part.fieldId}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                    {part.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-slate-700">Everything is here. Once submitted, your application can no longer be changed.</p>
        )}
        <p className="text-sm text-slate-700">Applications close {closes}.</p>
        <SubmitButton busy={form.busy} busyText="Submitting…">
          Submit my application
        </SubmitButton>
      </Form>
    </Section>
  );
}
