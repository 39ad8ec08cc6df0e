import { z } from 'zod';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../common/api-errors';
import { DETAIL_LABELS, documentField, essayField, questionField, type MissingPart, type StoredDocument } from '../../../common/scholarship-applications';
import { wordCount, type ApplicantDetails, type EligibilityAnswers, type EligibilityQuestion, type Essays, type RoundView } from '../../../common/scholarship';

/** Issue 34: what each section of the application accepts, and what a complete one holds. Pure. */

/** Plain text only: a tag is refused rather than kept and escaped, so reviewers never meet one. */
const TAG = /<\/?[a-z!][^>]*>/i;
const NO_TAGS = 'Please write plain text, without HTML tags.';
const ESSAY_MAX_CHARS = 20_000;

const text = (max: number, pattern?: { regex: RegExp; message: string }) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .refine((value) => !TAG.test(value), NO_TAGS)
    .refine((value) => value === '' || !pattern || pattern.regex.test(value), pattern?.message ?? '');

/** A draft may leave any field empty; what is given must be right. */
function detailsSchema(roundYear: number) {
  return z.object({
    firstName: text(80),
    lastName: text(80),
    phone: text(30, { regex: /^\+?[0-9()\-.\s]{7,30}$/, message: 'Please give a phone number, like 555-123-4567.' }),
    street: text(200),
    city: text(100),
    state: text(40),
    zip: text(10, { regex: /^\d{5}(-\d{4})?$/, message: 'Please give a 5-digit ZIP code, like 43947.' }),
    highSchool: text(200),
    graduationYear: text(4).refine((value) => value === '' || (/^\d{4}$/.test(value) && Number(value) >= roundYear - 5 && Number(value) <= roundYear + 1), {
      message: `Please give the year you graduate (or graduated), like ${roundYear}.`,
    }),
    college: text(200),
    fieldOfStudy: text(120),
  }) satisfies z.ZodType<ApplicantDetails>;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export function parseDetails(fields: Record<string, string>, roundYear: number): Parsed<ApplicantDetails> {
  const input = Object.fromEntries(Object.keys(DETAIL_LABELS).map((key) => [key, fields[key] ?? '']));
  const parsed = detailsSchema(roundYear).safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
}

export function parseEssays(fields: Record<string, string>, round: RoundView): Parsed<Essays> {
  const errors: FieldErrors = {};
  const essays: Essays = {};
  for (const prompt of round.prompts) {
    const name = essayField(prompt.key);
    // Line ends as the browser sends them (CRLF) count once.
    const value = (fields[name] ?? '').replaceAll('\r\n', '\n').trim();
    const words = wordCount(value);
    if (value.length > ESSAY_MAX_CHARS) errors[name] = `This essay is too long: please keep it under ${prompt.maxWords} words.`;
    else if (TAG.test(value)) errors[name] = NO_TAGS;
    else if (words > prompt.maxWords) errors[name] = `This essay has ${words} words: please bring it down to ${prompt.maxWords} or fewer.`;
    essays[prompt.key] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: essays };
}

const RecommenderSchema = z.object({
  recommenderName: text(120),
  recommenderEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Please keep this under 254 characters.')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Please give an email address, like coach@example.org.'),
});

export function parseRecommender(fields: Record<string, string>): Parsed<{ name: string; email: string }> {
  const parsed = RecommenderSchema.safeParse({ recommenderName: fields.recommenderName ?? '', recommenderEmail: fields.recommenderEmail ?? '' });
  if (!parsed.success) return { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
  return { ok: true, value: { name: parsed.data.recommenderName, email: parsed.data.recommenderEmail } };
}

/** Every question answered in the form it asks for; whether they are met is unmetRequirements' part. */
export function parseEligibility(fields: Record<string, string>, questions: EligibilityQuestion[]): Parsed<EligibilityAnswers> {
  const errors: FieldErrors = {};
  const answers: EligibilityAnswers = {};
  for (const question of questions) {
    const name = questionField(question.key);
    const value = (fields[name] ?? '').trim();
    if (question.kind === 'yes') {
      if (value !== 'yes' && value !== 'no') errors[name] = 'Please answer yes or no.';
    } else if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) {
      errors[name] = value === '' ? 'Please give a number.' : 'Please give a number, like 3.5 or 21.';
    }
    answers[question.key] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: answers };
}

/** What still stops a submission, each with the field that gives it. */
export function missingParts(
  round: RoundView,
  app: { details: Partial<ApplicantDetails>; essays: Essays; recommenderName: string | null; recommenderEmail: string | null },
  documents: StoredDocument[],
): MissingPart[] {
  const missing: MissingPart[] = [];
  for (const [key, label] of Object.entries(DETAIL_LABELS)) {
    if (!(app.details[key as keyof ApplicantDetails] ?? '').trim()) missing.push({ fieldId: `field-${key}`, label });
  }
  for (const prompt of round.prompts) {
    const essay = app.essays[prompt.key] ?? '';
    if (wordCount(essay) === 0) missing.push({ fieldId: `field-${essayField(prompt.key)}`, label: `Essay: ${prompt.prompt}` });
    else if (wordCount(essay) > prompt.maxWords) missing.push({ fieldId: `field-${essayField(prompt.key)}`, label: `Essay (over ${prompt.maxWords} words): ${prompt.prompt}` });
  }
  for (const doc of round.documents) {
    if (!documents.some((d) => d.key === doc.key)) missing.push({ fieldId: `field-${documentField(doc.key)}`, label: doc.label });
  }
  if (!app.recommenderName?.trim()) missing.push({ fieldId: 'field-recommenderName', label: "Your recommender's name" });
  if (!app.recommenderEmail?.trim()) missing.push({ fieldId: 'field-recommenderEmail', label: "Your recommender's email" });
  return missing;
}
