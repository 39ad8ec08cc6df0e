import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { campaignGiftMarks } from '../../db/repositories/campaigns';

/**
 * Short strings that change whenever what the cached answers show does: `site` for what every page
 * shows, `parts` per event for places left and per campaign for its gifts (ADR 047): a gift to a
 * campaign changes its page and, when featured, the home page; other gifts change nothing.
 */
export interface ChangeMarks {
  site: string;
  parts: ReadonlyMap<string, string>;
}

const FEATURED_CAMPAIGN = 'campaign-featured';
/** The Scholarship page's block and the privacy policy's retention line follow the rounds' moments (ADR 051). */
const SCHOLARSHIP_ROUND = 'scholarship-round';

export function markPartOf(key: string): string | null {
  const event = /^\/events\/(\d{1,9})$/.exec(key);
  if (event) return `event:${Number(event[1])}`;
  const campaign = /^\/give\/([a-z0-9-]{1,80})$/.exec(key);
  if (campaign) return `campaign:${campaign[1]}`;
  if (key === '/scholarship' || key === '/privacy') return SCHOLARSHIP_ROUND;
  return key === '/' ? FEATURED_CAMPAIGN : null;
}

/** Saving a round is audited (the site mark moves); opening and closing are nobody's write, so the moments passed by `now` are counted. */
async function roundMomentsPassed(db: Db, now: Date): Promise<string> {
  const at = now.toISOString();
  const row = await db
    .selectNoFrom([
      sql<string | number>`(select count(*) from scholarship_rounds where opens_at <= ${at})`.as('opened'),
      sql<string | number>`(select count(*) from scholarship_rounds where closes_at <= ${at})`.as('closed'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.opened}|${row.closed}`;
}

export async function readChangeMarks(db: Db, now: Date = new Date()): Promise<ChangeMarks> {
  const [site, places, campaigns, rounds, sponsorships] = await Promise.all([
    db
      .selectNoFrom([
        sql<string | number | null>`(select max(id) from audit_log)`.as('audit'),
        sql<string | null>`(select max(updated_at) from site_content)`.as('content'),
        sql<string | number | null>`(select max(id) from content_versions)`.as('versions'),
        sql<string | null>`(select max(updated_at) from events)`.as('events'),
        sql<string | number | null>`(select max(id) from announcements)`.as('announcements'),
        sql<string | null>`(select max(updated_at) from announcements)`.as('announcementChanges'),
      ])
      .executeTakeFirstOrThrow(),
    // Places left count live sign-ups and their payments' states.
    db
      .selectFrom('signups')
      .innerJoin('events', 'events.id', 'signups.event_id')
      .innerJoin('payments', 'payments.id', 'signups.payment_id')
      .select([
        'events.event_number as event',
        sql<string | number>`max(signups.id)`.as('newest'),
        sql<string | null>`max(signups.updated_at)`.as('changed'),
        sql<string | number>`count(signups.hold_expires_at)`.as('holding'),
        sql<string | null>`max(payments.updated_at)`.as('paid'),
      ])
      .groupBy('events.event_number')
      .execute(),
    campaignGiftMarks(db),
    roundMomentsPassed(db, now),
    // ADR 052: packages left on the event page count sales, holds and their payments' states.
    db
      .selectFrom('sponsorships')
      .innerJoin('events', 'events.id', 'sponsorships.event_id')
      .innerJoin('payments', 'payments.id', 'sponsorships.payment_id')
      .select([
        'events.event_number as event',
        sql<string | number>`max(sponsorships.id)`.as('newest'),
        sql<string | number>`count(sponsorships.hold_expires_at)`.as('holding'),
        sql<string | null>`max(payments.updated_at)`.as('paid'),
      ])
      .groupBy('events.event_number')
      .execute(),
  ]);
  const eventParts = new Map(places.map((row): [string, string] => [`event:${Number(row.event)}`, `${row.newest}|${row.changed ?? ''}|${row.holding}|${row.paid ?? ''}`]));
  for (const row of sponsorships) {
    const key = `event:${Number(row.event)}`;
    eventParts.set(key, `${eventParts.get(key) ?? ''}|sponsors:${row.newest}|${row.holding}|${row.paid ?? ''}`);
  }
  const featured = campaigns.find((c) => c.featured);
  return {
    site: Object.values(site).map((value) => String(value ?? '')).join('|'),
    parts: new Map([
      ...eventParts,
      ...campaigns.map((c): [string, string] => [`campaign:${c.slug}`, c.mark]),
      ...(featured ? [[FEATURED_CAMPAIGN, `${featured.slug}|${featured.mark}`] as [string, string]] : []),
      [SCHOLARSHIP_ROUND, rounds],
    ]),
  };
}
