/**
 * The yearly scholarship round (issue 34, ADR 051): what an admin sets, what an applicant answers,
 * what a reviewer scores. Zod-free and server-free, so the browser counts words the same way.
 * Money is integer cents; moments are ISO-8601 instants.
 */

export const SCHOLARSHIP_APPLY_PATH = '/scholarship/apply';

export interface ScholarshipAward {
  /** Stable within the round: 'first', 'runner-up'. */
  key: string;
  name: string;
  amountCents: number;
}

/** 'yes': must be answered yes. 'at-least': a number no lower than `threshold`. */
export type EligibilityKind = 'yes' | 'at-least';

export interface EligibilityQuestion {
  key: string;
  question: string;
  kind: EligibilityKind;
  /** Only for 'at-least'. */
  threshold?: number;
  /** Shown, kindly, to an applicant who does not meet it. */
  requirement: string;
}

export interface EssayPrompt {
  key: string;
  prompt: string;
  maxWords: number;
}

export interface RequestedDocument {
  key: string;
  label: string;
}

export interface RubricCriterion {
  key: string;
  label: string;
  /** Relative; the weighted average divides by their sum. */
  weight: number;
}

/** Every criterion is scored from 1 to this. */
export const SCORE_MAX = 10;

export interface RoundConfig {
  awards: ScholarshipAward[];
  questions: EligibilityQuestion[];
  prompts: EssayPrompt[];
  documents: RequestedDocument[];
  rubric: RubricCriterion[];
  reviewersPerApplication: number;
  /** Applications, documents and scores are deleted this long after the round is decided. */
  retentionMonths: number;
}

export const DEFAULT_RETENTION_MONTHS = 12;

/** The spec's awards and requirements. */
export const DEFAULT_ROUND_CONFIG: RoundConfig = {
  awards: [
    { key: 'first', name: 'First choice', amountCents: 500_000 },
    { key: 'runner-up', name: 'Runner-up', amountCents: 100_000 },
  ],
  questions: [
    {
      key: 'accepted',
      question: 'Have you been accepted into a 4-year program at a college or university?',
      kind: 'yes',
      requirement: 'Accepted into a 4-year program at a higher-learning institute',
    },
    { key: 'fafsa', question: 'Does your FAFSA show financial need?', kind: 'yes', requirement: 'Financial need shown through the FAFSA' },
    { key: 'varsity', question: 'Have you lettered in at least one varsity sport?', kind: 'yes', requirement: 'Lettered in at least 1 varsity sport' },
    { key: 'gpa', question: 'What is your GPA (on a 4.0 scale)?', kind: 'at-least', threshold: 3, requirement: 'GPA of 3.0 or higher' },
    { key: 'act', question: 'What is your ACT composite score?', kind: 'at-least', threshold: 18, requirement: 'ACT score of 18 or higher' },
  ],
  prompts: [
    { key: 'changed', prompt: 'Tell us about a teammate, coach or teacher who changed the way you think.', maxWords: 500 },
    { key: 'goals', prompt: 'What do you want to study, and how will this scholarship help you get there?', maxWords: 300 },
  ],
  documents: [
    { key: 'transcript', label: 'High school transcript' },
    { key: 'acceptance', label: 'College acceptance letter' },
    { key: 'fafsa', label: 'FAFSA Student Aid Report (summary)' },
  ],
  rubric: [
    { key: 'need', label: 'Financial need', weight: 25 },
    { key: 'academics', label: 'Academics', weight: 25 },
    { key: 'essays', label: 'Essays', weight: 25 },
    { key: 'athletics', label: 'Athletics', weight: 15 },
    { key: 'service', label: 'Service to others', weight: 10 },
  ],
  reviewersPerApplication: 2,
  retentionMonths: DEFAULT_RETENTION_MONTHS,
};

export interface RoundView extends RoundConfig {
  id: number;
  year: number;
  opensAt: string;
  closesAt: string;
  /** When the award and thank-you emails went out; null before. */
  decidedAt: string | null;
  /** Applications were deleted (the retention time passed). */
  purgedAt: string | null;
}

export type RoundPhase = 'upcoming' | 'open' | 'closed' | 'decided';

/** The server's clock decides: open from opensAt included to closesAt excluded. */
export function roundPhase(round: Pick<RoundView, 'opensAt' | 'closesAt' | 'decidedAt'>, now: Date): RoundPhase {
  if (round.decidedAt) return 'decided';
  const at = now.getTime();
  if (at < Date.parse(round.opensAt)) return 'upcoming';
  if (at < Date.parse(round.closesAt)) return 'open';
  return 'closed';
}

/** Words as a reader counts them: runs of non-space with a letter or digit in them (a lone dash is no word). */
export function wordCount(text: string): number {
  return (text.match(/\S+/g) ?? []).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export type EligibilityAnswers = Record<string, string>;

/** The questions not met, in their order; a missing or unreadable answer does not meet one. */
export function unmetRequirements(questions: EligibilityQuestion[], answers: EligibilityAnswers): EligibilityQuestion[] {
  return questions.filter((q) => {
    const answer = (answers[q.key] ?? '').trim();
    if (q.kind === 'yes') return answer !== 'yes';
    const value = Number(answer);
    return answer === '' || !Number.isFinite(value) || value < (q.threshold ?? 0);
  });
}

export type Scores = Record<string, number>;

/** Weighted average of one reviewer's scores over the rubric, 1 to SCORE_MAX; null if any criterion is unscored. */
export function weightedScore(rubric: RubricCriterion[], scores: Scores): number | null {
  let total = 0;
  let weights = 0;
  for (const criterion of rubric) {
    const score = scores[criterion.key];
    if (typeof score !== 'number' || !Number.isFinite(score)) return null;
    total += score * criterion.weight;
    weights += criterion.weight;
  }
  return weights > 0 ? total / weights : null;
}

/** How far reviewers disagree: the gap between the highest and the lowest weighted score. */
export function scoreSpread(scores: number[]): number {
  return scores.length < 2 ? 0 : Math.max(...scores) - Math.min(...scores);
}

/** The application form's personal, school and college section (the account gives the email). */
export interface ApplicantDetails {
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  highSchool: string;
  graduationYear: string;
  college: string;
  fieldOfStudy: string;
}

/** What a blind review never shows (with the account's email and name). */
export const IDENTIFYING_DETAILS = ['firstName', 'lastName', 'phone', 'street', 'city', 'state', 'zip', 'highSchool'] as const satisfies readonly (keyof ApplicantDetails)[];

/** Prompt key to the essay's text. */
export type Essays = Record<string, string>;

export type ApplicationStatus = 'draft' | 'submitted';
export type ApplicationOutcome = 'awarded' | 'not-awarded';

/** What the applicant's dashboard says. */
export function applicationStatusText(app: { status: ApplicationStatus; outcome: ApplicationOutcome | null; awardName?: string | null }): string {
  if (app.outcome === 'awarded') return `Awarded: ${app.awardName ?? 'scholarship'}`;
  if (app.outcome === 'not-awarded') return 'Decided: not awarded this year';
  return app.status === 'submitted' ? 'Submitted: the committee is reviewing applications' : 'Draft: not submitted yet';
}

/** Documents and letters: PDF or a picture, each at most this size. */
export const SCHOLARSHIP_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const SCHOLARSHIP_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
