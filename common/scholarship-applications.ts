import type { FieldErrors } from './api-errors';
import type { ApplicantDetails, ApplicationOutcome, ApplicationStatus, EligibilityAnswers, Essays, RoundPhase, RoundView } from './scholarship';

/** Issue 34: the applicant's side of a round, as the apply page, the dashboard and the letter page see it. */

export const SCHOLARSHIP_LETTER_PATH = '/scholarship/letter';

/** The section forms of the apply page, told apart by `intent`. */
export const APPLY_INTENTS = {
  eligibility: 'eligibility',
  details: 'details',
  essays: 'essays',
  documents: 'documents',
  recommender: 'recommender',
  submit: 'submit',
} as const;

export interface StoredDocument {
  key: string;
  fileName: string;
  byteSize: number;
  uploadedAt: string;
}

/** The applicant's own view: never the letter itself, only when it arrived. */
export interface ApplicantApplication {
  id: number;
  status: ApplicationStatus;
  statusText: string;
  outcome: ApplicationOutcome | null;
  eligibility: EligibilityAnswers;
  details: Partial<ApplicantDetails>;
  essays: Essays;
  recommenderName: string;
  recommenderEmail: string;
  documents: StoredDocument[];
  letterReceivedAt: string | null;
  submittedAt: string | null;
}

/** The labels of the details section, in the form's order; the missing list names them the same. */
export const DETAIL_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone number',
  street: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  highSchool: 'High school',
  graduationYear: 'High school graduation year',
  college: 'College or university you will attend',
  fieldOfStudy: 'Field of study',
} as const satisfies Record<keyof ApplicantDetails, string>;

/** Form field names of the parts that are not details. */
export const questionField = (key: string) => `q-${key}`;
export const essayField = (key: string) => `essay-${key}`;
export const documentField = (key: string) => `document-${key}`;

/** A part still needed before submitting, with the id of the field that gives it. */
export interface MissingPart {
  fieldId: string;
  label: string;
}

export interface ApplyPageData {
  round: RoundView | null;
  /** By the server's clock. */
  phase: RoundPhase | null;
  application: ApplicantApplication | null;
  missing: MissingPart[];
}

/** The dashboard's card: the account's latest application, else an open round to apply to. */
export interface DashboardScholarship {
  year: number;
  application: {
    statusText: string;
    submitted: boolean;
    /** Null while waiting; only a submitted application asks for a letter. */
    letterReceivedAt: string | null;
  } | null;
}

export type ApplyOutcome =
  | { ok: true; done: string }
  | { ok: false; status: 400 | 404 | 409; errors: FieldErrors }
  /** Eligibility answered but not met: nothing is saved. */
  | { ok: false; status: 200; errors: FieldErrors; unmet: string[] };

export interface UploadedFile {
  bytes: Buffer;
  name: string;
  type: string;
}

export interface LetterPageData {
  applicantName: string;
  year: number;
  received: boolean;
}

export interface ScholarshipApplicationsService {
  applyPage(userId: number): Promise<ApplyPageData>;
  dashboard(userId: number): Promise<DashboardScholarship | null>;
  checkEligibility(userId: number, fields: Record<string, string>): Promise<ApplyOutcome>;
  saveDetails(userId: number, fields: Record<string, string>): Promise<ApplyOutcome>;
  saveEssays(userId: number, fields: Record<string, string>): Promise<ApplyOutcome>;
  saveRecommender(userId: number, fields: Record<string, string>): Promise<ApplyOutcome>;
  /** Files by document key; an input left empty is not given. */
  saveDocuments(userId: number, files: Record<string, UploadedFile>): Promise<ApplyOutcome>;
  submit(user: { id: number; email: string }): Promise<ApplyOutcome>;
  /** Null for a token that is unknown, expired or asked too often: the page answers a plain 404. */
  letterPage(token: string): Promise<LetterPageData | null>;
  uploadLetter(token: string, file: UploadedFile | null): Promise<ApplyOutcome | null>;
}
