import type { ActionResult, FormFields, StaffActor } from './back-office';
import type { ApplicationOutcome, RoundPhase, RubricCriterion, Scores } from './scholarship';

/**
 * Deciding a scholarship round (issue 34, ADR 051): reviewers' assignments, the blind review,
 * the committee's ranking and the award emails. Reviewers only ever see their own assignments.
 */

export const DOCUMENTS_NOT_ANONYMISED = 'Documents are shown as the applicant sent them: they may name the applicant.';
/** Weighted scores this far apart (out of SCORE_MAX) are flagged for the committee. */
export const DISAGREEMENT_POINTS = 3;

export type ReviewStatus = 'assigned' | 'conflict' | 'scored';

export const REVIEW_STATUS_TEXT: Record<ReviewStatus, string> = {
  assigned: 'to score',
  scored: 'scored',
  conflict: 'conflict declared',
};

export const CONFLICT_NOTED = 'Your conflict of interest is noted: you will not see this application again, and another reviewer takes your place.';

export const applicationLabel = (id: number) => `Application ${id}`;

export interface RoundSummary {
  id: number;
  year: number;
  phase: RoundPhase;
  closesAt: string;
  decidedAt: string | null;
}

/** A reviewer's own list: numbers only. */
export interface ReviewerRoundPage {
  kind: 'reviewer';
  round: RoundSummary;
  assignments: { applicationId: number; status: ReviewStatus }[];
}

export interface ReviewerScore {
  reviewer: string;
  weighted: number;
}

export interface RankedApplication {
  applicationId: number;
  name: string;
  email: string;
  college: string;
  fieldOfStudy: string;
  /** Average of the reviewers' weighted scores; null before the first score. */
  average: number | null;
  scoreCount: number;
  /** Reviewers still to score or assigned in all (conflicts not counted). */
  assignedCount: number;
  reviewerScores: ReviewerScore[];
  spread: number;
  disagree: boolean;
  outcome: ApplicationOutcome | null;
  awardKey: string | null;
}

/** The committee's page (admins: not blind). */
export interface CommitteeRoundPage {
  kind: 'committee';
  round: RoundSummary;
  awards: { key: string; name: string; amountCents: number }[];
  reviewersPerApplication: number;
  reviewerCount: number;
  /** Submitted applications still short of reviewers. */
  unassigned: number;
  ranking: RankedApplication[];
}

export type ScholarshipRoundPage = ReviewerRoundPage | CommitteeRoundPage;

/** By its label only: an applicant's own file name may hold their name. */
export interface ApplicationDocument {
  fileId: number;
  label: string;
}

/** What a reviewer is shown: nothing in common/scholarship IDENTIFYING_DETAILS, nor the account's name or email. */
export interface BlindApplication {
  id: number;
  roundId: number;
  year: number;
  graduationYear: string;
  college: string;
  fieldOfStudy: string;
  eligibility: { question: string; answer: string }[];
  essays: { prompt: string; text: string; maxWords: number }[];
  documents: ApplicationDocument[];
  letter: { received: boolean; file: ApplicationDocument | null };
  rubric: RubricCriterion[];
}

export interface OwnReview {
  status: ReviewStatus;
  scores: Scores;
  comment: string;
  /** False once the round is decided. */
  canChange: boolean;
}

export interface AdminReviewLine {
  reviewer: string;
  status: ReviewStatus;
  weighted: number | null;
  comment: string;
  conflictNote: string;
}

export type ApplicationPage =
  | { kind: 'reviewer'; application: BlindApplication; review: OwnReview }
  | {
      kind: 'admin';
      application: BlindApplication;
      applicant: {
        name: string;
        email: string;
        details: { label: string; value: string }[];
      };
      reviews: AdminReviewLine[];
    };

export interface ScholarshipFileDownload {
  fileName: string;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface ScholarshipReviewsService {
  /** Null: no such round (404). */
  roundPage(actor: StaffActor, roundId: number): Promise<ScholarshipRoundPage | null>;
  assign(actor: StaffActor, roundId: number): Promise<ActionResult>;
  /** Null when the actor may not see it (404 to a reviewer not, or no longer, on it). Audited. */
  applicationPage(actor: StaffActor, applicationId: number): Promise<ApplicationPage | null>;
  /** The round's id when noted: the application is gone from the reviewer's view. */
  declareConflict(actor: StaffActor, applicationId: number, fields: FormFields): Promise<{ ok: true; roundId: number } | { ok: false; errors: Record<string, string> }>;
  score(actor: StaffActor, applicationId: number, fields: FormFields): Promise<ActionResult>;
  /** Winners by award, the outcomes, the emails: one transaction, once. */
  sendAwards(actor: StaffActor, roundId: number, fields: FormFields): Promise<ActionResult>;
  /** Null when missing or not the actor's to see. Audited. */
  download(actor: StaffActor, fileId: number): Promise<ScholarshipFileDownload | null>;
  rankingCsv(actor: StaffActor, roundId: number): Promise<string | null>;
  scoresCsv(actor: StaffActor, roundId: number): Promise<string | null>;
}
