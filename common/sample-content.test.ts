import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkConsistency, checkDocuments, checkFiles, checkImages } from '../tests/helpers/content-check';
import { EventsFileSchema } from './content';

/**
 * The content in `content/` — the sample now, the foundation's own once it replaces it — is
 * content the site can show: every file matches its schema, every picture and document exists
 * at the size the JSON gives, and the files agree with each other. Nothing here depends on what
 * the content says; every other test runs on tests/fixtures/content instead.
 */
const CONTENT_DIR = fileURLToPath(new URL('../content/', import.meta.url));

describe('content/', () => {
  it('has one JSON file per page plus events.json, each matching its schema', () => {
    expect(checkFiles(CONTENT_DIR)).toEqual([]);
  });

  it('agrees with itself: unique event numbers and album tokens, links that lead somewhere, sane dates', () => {
    expect(checkConsistency(CONTENT_DIR)).toEqual([]);
  });

  it('has every picture, at the size the JSON gives, safe to serve and described by its alt text', () => {
    expect(checkImages(CONTENT_DIR)).toEqual([]);
  });

  it('has every flyer and document the event pages link to', () => {
    expect(checkDocuments(CONTENT_DIR)).toEqual([]);
  });

  // Without one, cancelling online refunds nothing (common/signup-policy.ts): a new site should refund out of the box.
  it('gives every event a refund policy, so a supporter who cancels online in time is refunded', () => {
    const events = EventsFileSchema.parse(JSON.parse(readFileSync(`${CONTENT_DIR}events.json`, 'utf8')));
    const withoutPolicy = events.filter((event) => typeof event.signup?.refundDaysBefore !== 'number').map((event) => `event ${event.eventNumber}`);
    expect(withoutPolicy).toEqual([]);
  });
});
