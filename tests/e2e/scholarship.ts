import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_PORT } from './e2e-env';

/**
 * Assignment takes every active reviewer and the Scholarship page shows the newest open round, so
 * the scholarship journeys that need either (one back-office database) take turns; each disables
 * its reviewers and closes its rounds before the next starts.
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
