import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesTaken, teamNameTaken } from '../../server/db/repositories/signups';
import { NO_ROOM } from '../../server/domain/sponsorships/sponsorships';
import { browserSignedIn, payWithCard } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { waitForMail } from '../helpers/outbox';
import { paymentOfSponsorship } from '../helpers/sponsorships';
import { postForm, setUpStaff, submit } from '../helpers/staff';
import { nextLoopbackAddress, startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';
import type { EventInput } from '../../server/db/repositories/events';

/**
 * A package's included places (ADR 054) on both databases: they come out of the event's places,
 * the receipt's one-time link ties the sale to an account, and the sponsor names who is coming by
 * the day staff set. The services' clock moves (offsetMs) so holds lapse without waiting.
 */

let server: TestServer;
let admin: ApiClient;
let offsetMs = 0;
let nextEventNumber = 8300;
let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const html = (text: string) => text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('&lt;', '<');

beforeAll(async () => {
  server = await startTestServer({ pages: 'build', clock: () => new Date(Date.now() + offsetMs) });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
});
afterAll(() => server?.close());

const newEvent = (overrides: Partial<EventInput> = {}) => createTestEvent(server.db, { eventNumber: nextEventNumber++, published: true, ...overrides });
const eventId = async (eventNumber: number) => Number((await server.db.selectFrom('events').select('id').where('event_number', '=', eventNumber).executeTakeFirstOrThrow()).id);

async function definePackage(eventNumber: number, overrides: Record<string, string> = {}): Promise<number> {
  const name = `Gold ${tag()}`;
  const fields = { intent: 'save', id: '', name, price: '2,500', quantity: '5', includes: 'Logo on the carts and one team.', places: '1', placesDue: dayFromNow(30), goodsValue: '600', published: 'on', ...overrides };
  const res = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, fields);
  expect(res.status, html(res.text).slice(0, 400)).toBe(302);
  return Number((await server.db.selectFrom('sponsorship_packages').select('id').where('name', '=', fields.name).executeTakeFirstOrThrow()).id);
}

const logo = async () => ({ bytes: await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer(), declaredType: 'image/png', fileName: 'logo.png' });

const orderFields = (eventNumber: number, packageId: number, contactEmail: string) => ({
  eventNumber: String(eventNumber),
  packageId: String(packageId),
  companyName: 'Acme Hardware LLC',
  contactName: 'Dana Fox',
  contactEmail,
  phone: '(740) 555-0142',
  displayName: 'Acme Hardware',
  link: '',
});

/** Orders (as a signed-in buyer when `buyerId` is given), pays and confirms; answers the sale and its receipt email. */
async function buy(eventNumber: number, packageId: number, buyerId: number | null = null) {
  const contactEmail = `dana.${tag()}@example.org`;
  const opened = await server.services.sponsorships.order(orderFields(eventNumber, packageId, contactEmail), await logo(), nextLoopbackAddress(), buyerId);
  if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
  const client = server.client();
  await client.get(`/events/${eventNumber}/sponsor`);
  expect((await payWithCard(client, opened.value.clientSecret)).status).toBe(200);
  const confirmed = await server.services.sponsorships.confirm({ token: opened.value.clientSecret, amount: 250_000 });
  if (!confirmed.ok) throw new Error(JSON.stringify(confirmed.errors));
  const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === contactEmail);
  return { id: opened.value.sponsorshipId, mail };
}

const claimLinkIn = (text: string) => /\/sponsorships\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[0] ?? null;

async function signedInSponsor(label = 'sponsor') {
  const client = server.client();
  const user = await browserSignedIn(client, label);
  const id = Number((await server.db.selectFrom('users').select('id').where('email', '=', user.account.email.toLowerCase()).executeTakeFirstOrThrow()).id);
  return { client, id, password: user.account.password };
}

describe('the places a package includes come out of the event’s', () => {
  it('sold and held packages take their places; one that would overfill the event is not sold; a lapsed hold gives them back', async () => {
    const event = await newEvent({ capacity: 3 });
    const single = await definePackage(event, { places: '1' });
    const double = await definePackage(event, { places: '2', quantity: '3' });
    await buy(event, single);
    expect(await placesTaken(server.db, await eventId(event), new Date(Date.now() + offsetMs).toISOString())).toBe(1);

    // Two of three left: one double package fits, then none.
    const held = await server.services.sponsorships.order(orderFields(event, double, `held.${tag()}@example.org`), await logo(), nextLoopbackAddress());
    expect(held.ok).toBe(true);
    expect(await server.services.events.placesLeft(event)).toBe(0);
    expect((await server.services.sponsorships.offered(event)).map((p) => p.left)).toEqual([0, 0]);
    const refused = await server.services.sponsorships.order(orderFields(event, single, `late.${tag()}@example.org`), await logo(), nextLoopbackAddress());
    expect(refused).toEqual({ ok: false, status: 409, errors: { packageId: NO_ROOM } });

    // The unpaid hold lapses: its two places are free again.
    offsetMs += 16 * 60_000;
    expect(await server.services.events.placesLeft(event)).toBe(2);
    expect((await server.services.sponsorships.offered(event)).map((p) => p.left)).toEqual([2, 1]);
  });

  it('12 sponsors racing for the last 3 places of an event: exactly 3 packages are sold, whatever the package count says', async () => {
    const image = await logo();
    for (let round = 0; round < 3; round++) {
      const event = await newEvent({ capacity: 3 });
      const packageId = await definePackage(event, { places: '1', quantity: '20' });
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => server.services.sponsorships.order(orderFields(event, packageId, `racer${i}.${tag()}@example.org`), image, nextLoopbackAddress())));
      expect(answers.filter((a) => a.ok), `round ${round}`).toHaveLength(3);
      for (const answer of answers.filter((a) => !a.ok)) expect(answer).toEqual({ ok: false, status: 409, errors: { packageId: NO_ROOM } });
      expect(await server.services.events.placesLeft(event)).toBe(0);
    }
  });

  it('a card that pays after its hold lapsed, when its places went meanwhile, is refunded at once', async () => {
    const event = await newEvent({ capacity: 1 });
    const packageId = await definePackage(event, { places: '1' });
    const slowEmail = `slow.${tag()}@example.org`;
    const late = await server.services.sponsorships.order(orderFields(event, packageId, slowEmail), await logo(), nextLoopbackAddress());
    if (!late.ok) throw new Error(JSON.stringify(late.errors));
    offsetMs += 16 * 60_000;
    await buy(event, packageId);
    const client = server.client();
    await client.get(`/events/${event}/sponsor`);
    expect((await payWithCard(client, late.value.clientSecret)).status).toBe(200);
    const confirmed = await server.services.sponsorships.confirm({ token: late.value.clientSecret, amount: 250_000 });
    expect(confirmed).toMatchObject({ ok: false, status: 409 });
    expect(await paymentOfSponsorship(server.db, late.value.sponsorshipId)).toEqual({ status: 'refunded', status_reason: 'event_full' });
    expect(await placesTaken(server.db, await eventId(event), new Date(Date.now() + offsetMs).toISOString())).toBe(1);
  });

  it('a package without places never limits, nor is limited by, the event’s places', async () => {
    const event = await newEvent({ capacity: 1 });
    const logoOnly = await definePackage(event, { places: '0', placesDue: '' });
    await buy(event, logoOnly);
    await buy(event, logoOnly);
    expect(await server.services.events.placesLeft(event)).toBe(1);
  });
});

describe('naming the places', () => {
  it('a signed-out buyer gets a one-time link; it ties the sale to the account that uses it, and works once', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event);
    const { id, mail } = await buy(event, packageId);
    expect(mail.text).toContain('Your package includes 1 team. Please tell us who is coming by');
    const link = claimLinkIn(mail.text);
    expect(link).not.toBeNull();

    // Signed out, the link asks to log in first and comes back.
    const away = await server.client().request('GET', link!);
    expect([away.status, away.headers.get('location')]).toEqual([302, `/login?from=${encodeURIComponent(link!)}`]);

    const sponsor = await signedInSponsor();
    const page = await sponsor.client.get(link!);
    expect(page.status).toBe(200);
    expect(html(page.text)).toContain('Acme Hardware LLC’s');
    expect(html(page.text)).toContain('includes 1 team');
    // Opening it ties nothing: only the button does.
    expect((await server.db.selectFrom('sponsorships').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id).toBeNull();
    const claimed = await postForm(sponsor.client, link!, {});
    expect([claimed.status, claimed.headers.get('location')]).toEqual([302, `/dashboard/sponsorships/${id}`]);
    expect(Number((await server.db.selectFrom('sponsorships').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id)).toBe(sponsor.id);

    // Used: nobody else can take it, not even with the same link.
    const other = await signedInSponsor('other');
    expect((await other.client.get(link!)).status).toBe(404);
    expect((await postForm(other.client, link!, {})).status).toBe(404);
    expect(Number((await server.db.selectFrom('sponsorships').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id)).toBe(sponsor.id);
    expect((await other.client.get(`/dashboard/sponsorships/${id}`)).status).toBe(404);
    expect(html((await other.client.get('/dashboard')).text)).not.toContain('Acme Hardware LLC');

    const dashboard = html((await sponsor.client.get('/dashboard')).text);
    expect(dashboard).toContain('Sponsorships');
    expect(dashboard).toContain('1 team · 0 of 4 named');
  });

  it('staff’s payment page names the sponsor; sending the receipt again makes a fresh link and the old one stops working', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event);
    const { id, mail } = await buy(event, packageId);
    const paymentId = Number((await server.db.selectFrom('sponsorships').select('payment_id').where('id', '=', id).executeTakeFirstOrThrow()).payment_id);
    const page = html((await admin.get(`/admin/payments/${paymentId}`)).text);
    expect(page).toContain(`Sponsorship of Test event ${event}: $2,500.00`);
    expect(page).toContain(`Back to the sponsors of Test event ${event}`);
    expect(page).toContain(`SP-${id}`);
    expect(page).toContain(`It goes to ${mail.to}, as the first time.`);

    const resent = await submit(admin, `/admin/payments/${paymentId}`, { intent: 'resend' });
    expect(resent.status).toBeLessThan(400);
    const again = await waitForMail(server.config.mail.outboxDir, (m) => m.to === mail.to && claimLinkIn(m.text) !== null && claimLinkIn(m.text) !== claimLinkIn(mail.text));
    const sponsor = await signedInSponsor();
    expect((await sponsor.client.get(claimLinkIn(mail.text)!)).status).toBe(404);
    expect((await postForm(sponsor.client, claimLinkIn(again.text)!, {})).headers.get('location')).toBe(`/dashboard/sponsorships/${id}`);
  });

  it('a signed-in buyer’s receipt links straight to the naming page, with no claim link', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event);
    const sponsor = await signedInSponsor();
    const { id, mail } = await buy(event, packageId, sponsor.id);
    expect(claimLinkIn(mail.text)).toBeNull();
    expect(mail.text).toContain(`/dashboard/sponsorships/${id}`);
    expect((await sponsor.client.get(`/dashboard/sponsorships/${id}`)).status).toBe(200);
  });

  it('names are plain text of sensible length; errors come back beside each field and nothing is saved', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event);
    const sponsor = await signedInSponsor();
    const { id } = await buy(event, packageId, sponsor.id);
    const path = `/dashboard/sponsorships/${id}`;
    const bad = await postForm(sponsor.client, path, { 'team-1-name': '<b>Aces</b>', 'team-1-person-1': 'x'.repeat(81), 'team-1-person-2': 'Bo\u0007Ray' });
    expect(bad.status).toBe(422);
    const text = html(bad.text);
    expect(text).toContain('Please write plain text, without HTML tags.');
    expect(text).toContain('Please keep a name under 80 characters.');
    expect(text).toContain('Remove the invisible control characters from this text.');
    expect(await server.db.selectFrom('sponsorship_guests').select('id').where('sponsorship_id', '=', id).execute()).toEqual([]);
  });

  it('the sponsor names some now and the rest later; staff see them on the list, the sheet and the CSV', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event);
    const sponsor = await signedInSponsor();
    const { id } = await buy(event, packageId, sponsor.id);
    const path = `/dashboard/sponsorships/${id}`;
    const first = await postForm(sponsor.client, path, { 'team-1-name': 'Acme Aces', 'team-1-person-1': 'Ann Lee', 'team-1-person-3': 'Cy Moss' });
    expect([first.status, first.headers.get('location')]).toEqual([302, `${path}?saved`]);
    const page = html((await sponsor.client.get(`${path}?saved`)).text);
    expect(page).toContain('The names are saved.');
    expect(page).toContain('2 of 4 named');
    expect(page).toContain('value="Acme Aces"');
    expect(page).toContain('value="Cy Moss"');

    await postForm(sponsor.client, path, { 'team-1-name': 'Acme Aces', 'team-1-person-1': 'Ann Lee', 'team-1-person-2': 'Bo Ray', 'team-1-person-3': 'Cy Moss', 'team-1-person-4': 'Di Park' });
    const list = html((await admin.get(`/admin/events/${event}/sponsorships`)).text);
    expect(list).toContain('Includes 1 team: 4 of 4 named');
    expect(list).toContain('Acme Aces: Ann Lee, Bo Ray, Cy Moss, Di Park');
    expect(html((await admin.get(`/admin/events/${event}/sponsorships/sheet`)).text)).toContain('Acme Aces: Ann Lee, Bo Ray, Cy Moss, Di Park');
    const csv = (await admin.get(`/admin/events/${event}/sponsorships.csv`)).text;
    expect(csv).toContain('"1 team","Acme Aces: Ann Lee, Bo Ray, Cy Moss, Di Park"');

    // The sponsor's download of their data holds the sale whose places they name.
    const data = await sponsor.client.request('GET', '/api/user/export');
    expect(data.status).toBe(200);
    const sponsorships = data.json.sponsorships as { guests: unknown[] }[];
    expect(sponsorships).toEqual([
      expect.objectContaining({ eventNumber: event, company: 'Acme Hardware LLC', guests: expect.arrayContaining([{ team: 1, teamName: 'Acme Aces', name: 'Di Park' }]) }),
    ]);
    expect(sponsorships[0]!.guests).toHaveLength(4);
  });

  it('two teams at one event never share a name, a sponsor’s or a signed-up one', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event, { places: '2' });
    const a = await signedInSponsor('a');
    const b = await signedInSponsor('b');
    const first = await buy(event, packageId, a.id);
    const second = await buy(event, packageId, b.id);
    expect((await postForm(a.client, `/dashboard/sponsorships/${first.id}`, { 'team-1-name': 'Eagles', 'team-2-name': 'eagles' })).status).toBe(422);
    expect((await postForm(a.client, `/dashboard/sponsorships/${first.id}`, { 'team-1-name': 'Eagles', 'team-2-name': 'Hawks' })).status).toBe(302);
    // Saving again keeps its own names.
    expect((await postForm(a.client, `/dashboard/sponsorships/${first.id}`, { 'team-1-name': 'Eagles', 'team-2-name': 'Hawks', 'team-1-person-1': 'Ann' })).status).toBe(302);
    const clash = await postForm(b.client, `/dashboard/sponsorships/${second.id}`, { 'team-1-name': 'EAGLES' });
    expect(clash.status).toBe(422);
    expect(html(clash.text)).toContain('Another team at this event already has this name.');
    // The check sign-ups make sees the sponsor's team too.
    expect(await teamNameTaken(server.db, await eventId(event), 'hawks', new Date(Date.now() + offsetMs).toISOString())).toBe(true);
    expect(await teamNameTaken(server.db, await eventId(event), 'Owls', new Date(Date.now() + offsetMs).toISOString())).toBe(false);
  });

  it('deleting the account lets go of the sponsorship; the business’s names stay for the event', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event);
    const sponsor = await signedInSponsor();
    const { id } = await buy(event, packageId, sponsor.id);
    expect((await postForm(sponsor.client, `/dashboard/sponsorships/${id}`, { 'team-1-name': 'Stayers', 'team-1-person-1': 'Ann Lee' })).status).toBe(302);
    const deleted = await sponsor.client.post('/api/user/delete', { password: sponsor.password });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expect((await server.db.selectFrom('sponsorships').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id).toBeNull();
    expect(html((await admin.get(`/admin/events/${event}/sponsorships`)).text)).toContain('Stayers: Ann Lee');
  });

  it('after the due day the names are read-only', async () => {
    const event = await newEvent();
    const packageId = await definePackage(event, { placesDue: dayFromNow(3) });
    const sponsor = await signedInSponsor();
    const { id } = await buy(event, packageId, sponsor.id);
    const path = `/dashboard/sponsorships/${id}`;
    expect((await postForm(sponsor.client, path, { 'team-1-name': 'On Time' })).status).toBe(302);
    offsetMs += 4 * 86_400_000;
    try {
      const late = await postForm(sponsor.client, path, { 'team-1-name': 'Too Late' });
      expect(late.status).toBe(409);
      const page = html((await sponsor.client.get(path)).text);
      expect(page).toContain('The names were due on');
      expect(page).toContain('On Time:');
      expect(page).not.toContain('Save the names');
    } finally {
      offsetMs -= 4 * 86_400_000;
    }
  });

  it('staff must say when names are due for a package with places, on or before the event', async () => {
    const event = await newEvent();
    const missing = await submit(admin, `/admin/events/${event}/sponsorships`, { intent: 'save', id: '', name: 'Gold', price: '2,500', quantity: '5', includes: 'A team.', places: '1', placesDue: '', goodsValue: '600', published: 'on' });
    expect(missing.status).toBe(400);
    expect(html(missing.text)).toContain('Say by which day the sponsor must name the people for the places.');
    const after = await submit(admin, `/admin/events/${event}/sponsorships`, { intent: 'save', id: '', name: 'Gold', price: '2,500', quantity: '5', includes: 'A team.', places: '1', placesDue: dayFromNow(90), goodsValue: '600', published: 'on' });
    expect(after.status).toBe(400);
    expect(html(after.text)).toContain('Names must be due on or before the event');
    const notADate = await submit(admin, `/admin/events/${event}/sponsorships`, { intent: 'save', id: '', name: 'Gold', price: '2,500', quantity: '5', includes: 'A team.', places: '1', placesDue: '2027-02-30', goodsValue: '600', published: 'on' });
    expect(html(notADate.text)).toContain('The day names are due must be a date.');
  });
});
