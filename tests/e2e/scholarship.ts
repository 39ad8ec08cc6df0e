import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { issueSetUpLink } from '../../server/domain/staff/staff-management';
import { withAdminDatabase } from './admin-database';
import { E2E_ADMIN_PORT, E2E_ADMIN_URL } from './e2e-env';
import { acceptSetUpLink, enrolAuthenticator, newStaffEmail } from './staff';

/** What the scholarship journeys share (issue 34). They all run on the back-office server's database. */

/**
 * Assignment takes every active reviewer and the Scholarship page shows the newest open round, so
 * the scholarship journeys (one back-office database, both widths at once) take turns; each
 * disables its reviewers and closes its rounds before the next starts (`closeRounds`).
 */
export async function oneScholarshipJourneyAtATime<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `foundation-e2e-scholarship-${E2E_ADMIN_PORT}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a run that was killed.
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > 5 * 60_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

const JOURNEYS = ['rounds', 'apply', 'round'] as const;

/**
 * A round's year for a journey and width: real years (the form takes 2000–2100 and graduation years
 * near the round's), each journey and width its own, as a year has one round.
 */
export function journeyYear(journey: (typeof JOURNEYS)[number], width: string): number {
  return new Date().getFullYear() + 1 + JOURNEYS.indexOf(journey) * 2 + (width === 'phone' ? 1 : 0);
}

/** Ends every round of these years that is still open, so the next journey's page shows its own. */
export async function closeRounds(...years: number[]): Promise<void> {
  const now = new Date().toISOString();
  await withAdminDatabase((db) => db.updateTable('scholarship_rounds').set({ closes_at: now }).where('year', 'in', years).where('closes_at', '>', now).where('opens_at', '<', now).execute());
}

/** New York's wall-clock date and time of an instant, as the date and time fields take them. */
export function eastern(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** A real one-page PDF (the server opens it). */
export async function tinyPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

/** Another person's browser at the same width, on the back-office server, signed out. */
export async function otherPerson(browser: Browser, like: Page): Promise<{ context: BrowserContext; page: Page }> {
  const viewport = like.viewportSize();
  const phone = (viewport?.width ?? 1280) <= 768;
  // Without the admin's stored session, which Playwright would otherwise lend to a new context.
  const context = await browser.newContext({
    baseURL: E2E_ADMIN_URL,
    storageState: undefined,
    viewport: viewport ?? undefined,
    isMobile: phone,
    hasTouch: phone,
    // An address of its own, so sign-in limits never count one person's tries against another's.
    extraHTTPHeaders: { 'x-forwarded-for': `10.253.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  return { context, page: await context.newPage() };
}

/** A scholarship reviewer from a set-up link, signed in on a browser of their own. */
export async function signedInReviewer(browser: Browser, like: Page, name: string): Promise<{ context: BrowserContext; page: Page; id: number }> {
  const { token, staff } = await withAdminDatabase((db) => issueSetUpLink(db, { email: newStaffEmail('reviewer'), role: 'reviewer', name }));
  const person = await otherPerson(browser, like);
  await acceptSetUpLink(person.page, `/admin/invite/${token}`, name);
  await enrolAuthenticator(person.page);
  return { ...person, id: Number(staff.id) };
}
