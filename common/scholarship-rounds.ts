import type { ActionResult, FormFields, StaffActor } from './back-office';
import type { ScholarshipWinner } from './content';
import type { RoundPhase, RoundView } from './scholarship';

/** Opening rounds, the Scholarship page's block, winners' public profiles (issue 34, ADR 051). */

/** What the public Scholarship page says of the round; null when nothing is open or planned. */
export type PublicRoundBlock =
  | {
      phase: 'open';
      year: number;
      closesAt: string;
      requirements: string[];
      documents: string[];
      essays: { prompt: string; maxWords: number }[];
    }
  | { phase: 'upcoming'; year: number; opensAt: string };

export interface RoundListItem extends RoundView {
  phase: RoundPhase;
  submitted: number;
}

/** A winner's public profile as the admin edits it. */
export interface WinnerProfileView {
  /** scholarship_winners.id, null before the first save. */
  id: number | null;
  applicationId: number;
  awardKey: string;
  awardName: string;
  name: string;
  school: string;
  field: string;
  quote: string;
  photo: { src: string; width: number; height: number; alt: string } | null;
  consent: boolean;
  published: boolean;
}

export type SaveRoundResult = { ok: true; id: number; message: string } | { ok: false; errors: Record<string, string> };

export interface ScholarshipRoundsService {
  /** The open round (by the server's clock), else the next one to open. */
  publicBlock(): Promise<PublicRoundBlock | null>;
  /** Published profiles, as the Previous Winners cards show them. */
  publishedWinners(): Promise<ScholarshipWinner[]>;
  /** Of the current round, else the default: for the privacy policy. */
  retentionMonths(): Promise<number>;
  listForStaff(): Promise<RoundListItem[]>;
  /** The round and whether an application was submitted to it (then most of it is fixed). */
  forEditing(id: number): Promise<{ round: RoundView; locked: boolean } | null>;
  /** id null opens a new round; admins only. */
  save(actor: StaffActor, id: number | null, fields: FormFields): Promise<SaveRoundResult>;
  winners(roundId: number): Promise<{ round: RoundView; winners: WinnerProfileView[] } | null>;
  saveWinner(actor: StaffActor, roundId: number, fields: FormFields): Promise<ActionResult>;
}

/** Rows the round form offers per list; empty rows are ignored. */
export const ROUND_FORM_ROWS = { awards: 6, questions: 10, prompts: 5, documents: 6, rubric: 8 } as const;

const deadlineParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
});

/** "Friday, March 12, 2027 at 11:59 p.m. ET": the public page's moments, in the foundation's zone. */
export function formatRoundMoment(instant: string): string {
  const p = Object.fromEntries(deadlineParts.formatToParts(Date.parse(instant)).map((part) => [part.type, part.value]));
  const meridiem = p.dayPeriod?.toUpperCase() === 'AM' ? 'a.m.' : 'p.m.';
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${meridiem} ET`;
}
