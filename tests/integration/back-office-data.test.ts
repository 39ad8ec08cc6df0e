import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { csrfOf, postForm, setUpStaff, submit } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The back office's lists, exports, refunds, resends and check-in, driven as staff use them:
 * through the pages (forms posted as without JavaScript), on data made through the public API.
 */

let server: TestServer;
let admin: ApiClient;
let volunteer: ApiClient;
let volunteerEmail: string;
const run = Date.now().toString(36);
let nextEvent = 700;
let golfEvent: number;
let gamingEvent: number;
let steakEvent: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await setUpStaff(server, admin, 'admin');
  volunteer = new ApiClient(server.url);
  volunteerEmail = (await setUpStaff(server, volunteer, 'volunteer')).email;
  golfEvent = await createTestEvent(server.db, { eventNumber: nextEvent++, eventType: 'Golf Event', name: `Spring Scramble ${run}`, capacity: 2 });
  gamingEvent = await createTestEvent(server.db, { eventNumber: nextEvent++, eventType: 'Gaming Event', name: `Warzone Night ${run}` });
  steakEvent = await createTestEvent(server.db, { eventNumber: nextEvent++, eventType: 'Benefit Event', name: `Steak Fry ${run}` });
});
afterAll(() => server?.close());

/** A supporter with an account, paying through the public API as the site's pages do. */
async function supporter(label: string) {
  const client = server.client();
  const user = await signedInUser(client, label);
  async function pay(path: string, body: Record<string, unknown>): Promise<number> {
    const res = await client.post(`/api/stripe/${path}`, body, { headers: user.authorization });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const secret = res.json.clientSecret as string;
    expect((await payWithCard(client, secret)).status).toBe(200);
    const row = await server.db.selectFrom('payments').select('id').where('intent_id', '=', secret.split('_secret_')[0]!).executeTakeFirstOrThrow();
    return Number(row.id);
  }
  return { client, user, pay };
}

const donate = (who: Awaited<ReturnType<typeof supporter>>, amount: string, email: string, message: string) => who.pay('donation_intent', { amount, email, message });

const golfTeam = (eventNumber: number, receiptEmail: string, sizes: string[]) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail,
  ...Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, `Golfer ${n} ${receiptEmail.split('@')[0]}`],
      [`player${n}Email`, `golfer${n}.${run}@example.org`],
      [`player${n}ShirtSize`, sizes[n - 1]!],
    ]),
  ),
});

/** A page's HTML without the empty comments React puts between joined pieces of text. */
const html = (res: { text: string }) => res.text.replace(/<!-- -->/g, '');

const parseCsv = (text: string) => {
  expect(text.charCodeAt(0), 'starts with a UTF-8 byte-order mark').toBe(0xfeff);
  expect(text).toContain('\r\n');
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
};

describe('donations list and export', () => {
  const tag = `dn${run}`;
  let formulaPayment: number;
  beforeAll(async () => {
    const ann = await supporter('ann');
    await donate(ann, '25.00', `ann.${tag}@example.org`, 'For the scholarship');
    await donate(ann, '100.00', `bob.${tag}@example.org`, 'In memory of Rowan');
    formulaPayment = await donate(ann, '7.50', `eve.${tag}@example.org`, '=HYPERLINK("http://evil.example","click me")');
  });

  it('searches email and message, filters amounts, sorts and counts', async () => {
    const all = await volunteer.get(`/admin/donations?q=${tag}`);
    expect(all.status).toBe(200);
    expect(html(all)).toContain('3 donations match, $132.50 in all.');
    const byMessage = await volunteer.get(`/admin/donations?q=memory+of+rowan&min=50`);
    expect(html(byMessage)).toContain(`bob.${tag}@example.org`);
    expect(html(byMessage)).not.toContain(`ann.${tag}@example.org`);
    const small = await volunteer.get(`/admin/donations?q=${tag}&max=30&sort=amount&dir=asc`);
    expect(html(small)).toContain('2 donations match, $32.50 in all.');
    expect(html(small).indexOf(`eve.${tag}`)).toBeLessThan(html(small).indexOf(`ann.${tag}`));
  });

  it('shows a clear message for nonsense filters instead of failing', async () => {
    const res = await volunteer.get(`/admin/donations?from=yesterday&min=lots&status=<script>&page=-1`);
    expect(res.status).toBe(200);
    expect(html(res)).toContain('Enter a date like 2026-12-31.');
    expect(html(res)).toContain('Enter an amount in dollars');
    // No script but the page's own: as many as on the same page with sensible filters, each allowed by its hash (ADR 042).
    const plain = await volunteer.get('/admin/donations');
    const scripts = (text: string) => text.match(/<script[\s>]/g)?.length ?? 0;
    expect(scripts(html(res))).toBe(scripts(html(plain)));
    const allowed = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy')!)![1]!;
    for (const [, body] of html(res).matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      expect(allowed).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
  });

  it('exports what the filter matches as a CSV Excel opens, with formulas neutralised', async () => {
    const res = await volunteer.get(`/admin/donations.csv?q=${tag}&sort=amount&dir=desc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="donations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.text);
    expect(rows.map((r) => [r.Email, r.Amount, r.Status])).toEqual([
      [`bob.${tag}@example.org`, '100.00', 'paid'],
      [`ann.${tag}@example.org`, '25.00', 'paid'],
      [`eve.${tag}@example.org`, '7.50', 'paid'],
    ]);
    expect(rows[2]!.Message).toBe(`'=HYPERLINK("http://evil.example","click me")`);
    expect(rows[2]!.Payment).toBe(String(formulaPayment));
  });

  it('shows what the donor chose (card fees, tribute, anonymity) in the list, on the payment page and in the CSV', async () => {
    const giver = await supporter('giver');
    const tributeGift = await giver.pay('donation_intent', {
      amount: '50.50',
      coverFees: true,
      total: '52.02',
      email: `gia.${tag}@example.org`,
      message: '',
      name: 'Gia Giver',
      anonymous: true,
      tribute: 'honor',
      tributeName: 'Coach Lee',
      notify: true,
      notifyName: 'Lee Family',
      notifyEmail: `lee.${tag}@example.org`,
    });
    await expect.poll(async () => (await server.db.selectFrom('payments').select('status').where('id', '=', tributeGift).executeTakeFirstOrThrow()).status).toBe('paid');

    const list = html(await volunteer.get(`/admin/donations?q=gia.${tag}`));
    expect(list).toContain('1 donation matches, $52.02 in all.');
    for (const note of ['Gift $50.50 + $1.52 card fees', 'In honor of Coach Lee', 'Anonymous']) expect(list).toContain(note);
    // A gift with none of these says nothing more.
    const plain = html(await volunteer.get(`/admin/donations?q=ann.${tag}`));
    expect(plain).not.toContain('card fees');
    expect(plain).not.toContain('In honor of');

    const page = html(await volunteer.get(`/admin/payments/${tributeGift}`));
    expect(page).toContain('Gia Giver');
    expect(page).toContain('$50.50 + $1.52 card fees');
    expect(page).toContain('In honor of Coach Lee');
    expect(page).toContain(`Lee Family (lee.${tag}@example.org)`);
    expect(page).toMatch(/Amount in the notification<\/dt><dd[^>]*>No</);
    expect(page).toContain('Yes: keep the name off anything public');

    const rows = parseCsv((await volunteer.get(`/admin/donations.csv?q=${tag}&sort=amount&dir=desc`)).text);
    expect(Object.keys(rows[0]!)).toEqual(['Date', 'Name', 'Email', 'Amount', 'Refunded', 'Status', 'Message', 'Payment', 'Receipt number', 'Gift', 'Card fees', 'Anonymous', 'Tribute', 'Tribute name', 'Notified name', 'Notified email']);
    const pick = (r: Record<string, string>) => [r.Email, r.Amount, r.Gift, r['Card fees'], r.Anonymous, r.Tribute, r['Tribute name'], r['Notified name'], r['Notified email']];
    expect(rows.slice(0, 2).map(pick)).toEqual([
      [`bob.${tag}@example.org`, '100.00', '100.00', '0.00', 'no', '', '', '', ''],
      [`gia.${tag}@example.org`, '52.02', '50.50', '1.52', 'yes', 'in honor of', 'Coach Lee', 'Lee Family', `lee.${tag}@example.org`],
    ]);
  });

  it('quotes every cell and neutralises a formula after a ";" (Excel in a ";" locale splits there)', async () => {
    const semi = `sc${run}`;
    const who = await supporter('semi');
    await donate(who, '3.00', `semi.${semi}@example.org`, 'Qvmrux;=1+1');
    const res = await volunteer.get(`/admin/donations.csv?q=${semi}`);
    expect(res.status).toBe(200);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.startsWith('"Date","Name","Email","Amount",')).toBe(true);
    expect(lines[1]).toContain(`"'Qvmrux;=1+1"`);
    // Every cell of every row is quoted: no separator inside a cell is left bare.
    for (const line of lines.filter(Boolean)) expect(line, line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(parseCsv(res.text)[0]!.Message).toBe(`'Qvmrux;=1+1`);
  });

  it('writes each export and each payment view to the audit log, with who did it', async () => {
    const since = Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0);
    expect((await volunteer.get(`/admin/donations.csv?q=${tag}`)).status).toBe(200);
    expect((await volunteer.get(`/admin/events/${golfEvent}/registrations.csv?include=all`)).status).toBe(200);
    expect((await volunteer.get(`/admin/payments/${formulaPayment}`)).status).toBe(200);
    const rows = await server.db.selectFrom('audit_log').select(['action', 'subject', 'summary', 'staff_email']).where('id', '>', since).orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.subject, r.staff_email])).toEqual([
      ['csv_exported', 'donations', volunteerEmail],
      ['csv_exported', `event:${golfEvent}`, volunteerEmail],
      ['payment_viewed', `payment:${formulaPayment}`, volunteerEmail],
    ]);
    expect(rows[0]!.summary).toMatch(/^Exported \d+ donations? as CSV$/);
    expect(rows[2]!.summary).toBe(`Viewed payment ${formulaPayment}`);
    // An unknown payment shows nothing, so nothing was viewed.
    expect((await volunteer.get('/admin/payments/999999')).status).toBe(404);
    expect(await server.db.selectFrom('audit_log').select('id').where('subject', '=', 'payment:999999').execute()).toEqual([]);
  });

  it('a payment page shows the receipt as sent', async () => {
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === `eve.${tag}@example.org`);
    const page = await volunteer.get(`/admin/payments/${formulaPayment}`);
    expect(page.status).toBe(200);
    expect(html(page)).toContain('Receipt');
    expect(html(page)).toContain(`eve.${tag}@example.org`);
  });
});

describe('registrations, tallies and rosters', () => {
  let captain: Awaited<ReturnType<typeof supporter>>;
  let teamPayment: number;
  beforeAll(async () => {
    captain = await supporter('captain');
    teamPayment = await captain.pay('golf_signup_intent', golfTeam(golfEvent, `alpha.${run}@example.org`, ['L', 'L', 'M', 'XXL']));
    await captain.pay('golf_signup_intent', golfTeam(golfEvent, `bravo.${run}@example.org`, ['S', 'M', 'M', 'L']));
    await captain.pay('gaming_signup_intent', {
      eventNumber: gamingEvent,
      eventDescription: 'Gaming tournament',
      amount: '50.00',
      receiptEmail: `gamer.${run}@example.org`,
      teamName: `Night Owls ${run}`,
      teamContactNumber: '(740) 555-0142',
      teamAgrees: true,
      ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Gamer ${n}`], [`player${n}Email`, `gamer${n}.${run}@example.org`], [`player${n}ActivisionId`, `owl#${n}000`], [`player${n}Location`, 'Wheeling, WV']])),
    });
    await captain.pay('steakfry_signup_intent', {
      eventNumber: steakEvent,
      eventDescription: 'Steak fry',
      amount: '65.00',
      receiptEmail: `family.${run}@example.org`,
      attendees: [
        { name: 'Dana Diner', allergies: '', child: false },
        { name: 'Kim Diner', allergies: 'peanuts', child: false },
        { name: 'Lee Diner', allergies: '', child: true },
      ],
    });
  });

  it('golf: teams with players, emails and shirt sizes, and shirts per size', async () => {
    const page = await volunteer.get(`/admin/events/${golfEvent}/registrations`);
    expect(page.status).toBe(200);
    expect(html(page)).toContain('2 teams, 8 players');
    expect(html(page)).toContain(`golfer1.${run}@example.org`);
    const shirts = Object.fromEntries([...page.text.matchAll(/<dt[^>]*>(S|M|L|XL|XXL|XXXL)<\/dt><dd[^>]*>(\d+)<\/dd>/g)].map((m) => [m[1], Number(m[2])]));
    expect(shirts).toEqual({ S: 1, M: 3, L: 3, XL: 0, XXL: 1, XXXL: 0 });
    const csv = parseCsv((await volunteer.get(`/admin/events/${golfEvent}/registrations.csv`)).text);
    expect(csv).toHaveLength(8);
    expect(Object.keys(csv[0]!)).toEqual(['Team', 'Player', 'Name', 'Email', 'Shirt size', 'Status', 'Paid at', 'Receipt email', 'Arrived']);
    expect(csv.filter((r) => r['Shirt size'] === 'M')).toHaveLength(3);
  });

  it('gaming: team name, contact number, Activision IDs and locations', async () => {
    const csv = parseCsv((await volunteer.get(`/admin/events/${gamingEvent}/registrations.csv`)).text);
    expect(csv).toHaveLength(4);
    expect(csv[0]).toMatchObject({ Team: `Night Owls ${run}`, 'Contact number': '(740) 555-0142', 'Activision ID': 'owl#1000', Location: 'Wheeling, WV' });
  });

  it('steak fry: one row per attendee, head counts and the allergy list', async () => {
    const page = await volunteer.get(`/admin/events/${steakEvent}/registrations`);
    expect(html(page)).toContain('2 adults, 1 child');
    expect(html(page)).toMatch(/Kim Diner<\/strong>: peanuts/);
    const csv = parseCsv((await volunteer.get(`/admin/events/${steakEvent}/registrations.csv`)).text);
    expect(csv.map((r) => [r.Name, r.Ticket, r.Allergies])).toEqual([
      ['Dana Diner', 'adult', ''],
      ['Kim Diner', 'adult', 'peanuts'],
      ['Lee Diner', 'child', ''],
    ]);
  });

  it('an unknown event is a 404, not an error', async () => {
    expect((await volunteer.get('/admin/events/99999/registrations')).status).toBe(404);
    expect((await volunteer.get('/admin/events/99999/registrations.csv')).status).toBe(404);
    expect((await volunteer.get('/admin/events/abc/check-in')).status).toBe(404);
  });

  describe('refunds', () => {
    it('a volunteer cannot refund', async () => {
      const page = await volunteer.get(`/admin/payments/${teamPayment}`);
      expect(html(page)).not.toContain('name="requestKey"');
      const res = await submit(volunteer, `/admin/payments/${teamPayment}`, { intent: 'refund', amount: '', reason: 'staff', note: 'try', requestKey: 'volunteer-key-1' });
      expect(res.status).toBe(403);
      expect((await server.db.selectFrom('refunds').select('id').where('payment_id', '=', teamPayment).execute()).length).toBe(0);
    });

    it('refuses bad input with field errors and refunds nothing', async () => {
      const page = await admin.get(`/admin/payments/${teamPayment}`);
      const key = /name="requestKey" value="([^"]+)"/.exec(page.text)![1]!;
      const res = await submit(admin, `/admin/payments/${teamPayment}`, { intent: 'refund', amount: '9999', reason: 'staff', note: 'Too much', requestKey: key });
      expect(res.status).toBe(400);
      expect(html(res)).toContain('Enter an amount from $0.01 to $400.00.');
      const bad = await submit(admin, `/admin/payments/${teamPayment}`, { intent: 'refund', amount: 'abc', reason: 'whim', note: '', requestKey: key });
      expect(html(bad)).toContain('Enter an amount in dollars');
      expect(html(bad)).toContain('Choose why the money goes back.');
      expect(html(bad)).toContain('Say why, for the record.');
      expect((await server.db.selectFrom('refunds').select('id').where('payment_id', '=', teamPayment).execute()).length).toBe(0);
    });

    it('a full refund emails the payer, frees the places, shows on the dashboard and is audited; posting twice refunds once', async () => {
      const before = await server.services.events.placesLeft(golfEvent);
      expect(before).toBe(0);
      const page = await admin.get(`/admin/payments/${teamPayment}`);
      const fields = { csrf: csrfOf(page.text), intent: 'refund', amount: '', everything: 'yes', reason: 'requested_by_customer', note: 'Team cannot come', requestKey: /name="requestKey" value="([^"]+)"/.exec(page.text)![1]! };
      const [first, second] = await Promise.all([postForm(admin, `/admin/payments/${teamPayment}`, fields), postForm(admin, `/admin/payments/${teamPayment}`, fields)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(html(first)).toContain('Refunded $400.00. The payer has been emailed.');
      const refunds = await server.db.selectFrom('refunds').selectAll().where('payment_id', '=', teamPayment).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount_cents: 40_000, status: 'succeeded', note: 'Team cannot come' });
      expect(await server.services.events.placesLeft(golfEvent)).toBe(1);

      const outbox = server.config.mail.outboxDir;
      const notice = await waitForMail(outbox, (m) => m.to === `alpha.${run}@example.org` && /refunded/.test(m.subject));
      expect(notice.subject).toMatch(/^Your payment of \$400\.00 to .+ has been refunded$/);
      expect(html(notice)).toContain('You asked us to cancel it.');

      const mine = await captain.client.request('GET', '/api/user/dashboard', { headers: captain.user.authorization });
      expect(JSON.stringify(mine.json)).toContain('refunded');

      const list = await admin.get(`/admin/events/${golfEvent}/registrations`);
      expect(html(list)).toMatch(/Refunded or cancelled \(1\)/);
      expect(html(list)).toContain('1 team, 4 players');

      const audit = await admin.get('/admin/audit');
      expect(html(audit)).toContain(`Refunded $400.00 of payment ${teamPayment}`);
    });

    it('the refund action itself refuses a volunteer, whatever the page does', async () => {
      const volunteerActor = { id: 0, email: 'volunteer@example.org', role: 'volunteer' as const, address: null };
      const result = await server.services.backOffice.actions.refund(volunteerActor, teamPayment, { amountCents: 100, reason: 'staff', note: 'no', requestKey: `direct-${run}` });
      expect(result).toEqual({ ok: false, errors: { refund: 'Only an admin can refund.' } });
    });

    it('a refunded payment has nothing to resend and nothing left to refund', async () => {
      const resend = await submit(admin, `/admin/payments/${teamPayment}`, { intent: 'resend' });
      expect(resend.status).toBe(400);
      expect(html(resend)).toContain('Only a paid payment has a receipt or confirmation to send again.');
      const again = await submit(admin, `/admin/payments/${teamPayment}`, { intent: 'refund', amount: '1', reason: 'staff', note: 'again', requestKey: `again-${run}-key` });
      expect(again.status).toBe(400);
      expect(html(again)).toContain('Only a paid payment can be refunded.');
    });

    it('a partial refund keeps the places and says how much', async () => {
      const owner = await supporter('partial');
      const paymentId = await donate(owner, '80.00', `partial.${run}@example.org`, 'gift');
      const res = await submit(admin, `/admin/payments/${paymentId}`, { intent: 'refund', amount: '30', reason: 'staff', note: 'Double gift', requestKey: `partial-${run}` });
      expect(res.status).toBe(200);
      expect(html(res)).toContain('Refunded $30.00.');
      const payment = await server.db.selectFrom('payments').select(['status', 'refunded_cents']).where('id', '=', paymentId).executeTakeFirstOrThrow();
      expect(payment).toEqual({ status: 'partially_refunded', refunded_cents: 3000 });
      const outbox = server.config.mail.outboxDir;
      const notice = await waitForMail(outbox, (m) => m.to === `partial.${run}@example.org` && /refunded/.test(m.subject));
      // Part of a gift: what went back and what stays given, never "You asked us to cancel it."
      expect(notice.subject).toMatch(/^\$30\.00 of your payment to .+ is refunded$/);
      expect(notice.text).toContain('$30.00 of your $80.00 gift is refunded; your gift now stands at $50.00.');
      expect(notice.text).toContain('The foundation has made this refund.');
      expect(notice.text).not.toContain('cancel');
    });
  });

  it('resend queues the confirmation again, to the first address, and audits it', async () => {
    const team = await captain.pay('golf_signup_intent', golfTeam(golfEvent, `charlie.${run}@example.org`, ['L', 'L', 'L', 'L']));
    const outbox = server.config.mail.outboxDir;
    await waitForMail(outbox, (m) => m.to === `charlie.${run}@example.org`);
    const res = await submit(volunteer, `/admin/payments/${team}`, { intent: 'resend' });
    expect(res.status).toBe(200);
    expect(html(res)).toContain(`Sent again to charlie.${run}@example.org.`);
    await expect.poll(async () => (await readOutbox(outbox)).filter((m) => m.to === `charlie.${run}@example.org`).length, { timeout: 10_000 }).toBe(2);
  });

  it('resends a payment at most 3 times an hour, says so when it refuses, and audits each resend and each refusal', async () => {
    const payer = `limit.${run}@example.org`;
    const paymentId = await donate(await supporter('limit'), '5.00', payer, 'gift');
    const outbox = server.config.mail.outboxDir;
    await waitForMail(outbox, (m) => m.to === payer);
    for (let i = 0; i < 3; i++) {
      const res = await submit(volunteer, `/admin/payments/${paymentId}`, { intent: 'resend' });
      expect(res.status).toBe(200);
      expect(html(res)).toContain(`Sent again to ${payer}.`);
    }
    const refused = await submit(admin, `/admin/payments/${paymentId}`, { intent: 'resend' });
    expect(refused.status).toBe(400);
    expect(html(refused)).toMatch(/It was already sent again 3 times in the last hour, the most allowed, so the payer&#x27;s inbox is not flooded\. Try again in \d+ minutes?\./);
    const queued = await server.db.selectFrom('mail_outbox').select('id').where('payment_id', '=', paymentId).where('dedupe_key', 'like', `payment:${paymentId}:resend:%`).execute();
    expect(queued).toHaveLength(3);
    const audit = await server.db.selectFrom('audit_log').select('action').where('subject', '=', `payment:${paymentId}`).where('action', 'like', 'resend%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['resend', 'resend', 'resend', 'resend_refused']);
  });

  it('check-in marks arrival, counts, refuses people not on a paid sign-up, and can be undone', async () => {
    const page = await volunteer.get(`/admin/events/${steakEvent}/check-in?q=kim`);
    expect(html(page)).toContain('0 of 3 arrived');
    const key = /name="person" value="(attendee:\d+)"/.exec(page.text)![1]!;
    const arrived = await submit(volunteer, `/admin/events/${steakEvent}/check-in`, { intent: 'arrived', person: key });
    expect(arrived.status).toBe(200);
    expect(html(arrived)).toContain('Marked Kim Diner as arrived.');
    expect(html(arrived)).toContain('1 of 3 arrived');
    const again = await submit(volunteer, `/admin/events/${steakEvent}/check-in`, { intent: 'arrived', person: key });
    expect(html(again)).toContain('1 of 3 arrived');
    const stranger = await submit(volunteer, `/admin/events/${golfEvent}/check-in`, { intent: 'arrived', person: key });
    expect(stranger.status).toBe(400);
    expect(html(stranger)).toContain('not on a paid registration of this event');
    const bogus = await submit(volunteer, `/admin/events/${steakEvent}/check-in`, { intent: 'arrived', person: 'attendee:abc' });
    expect(bogus.status).toBe(400);
    const undo = await submit(volunteer, `/admin/events/${steakEvent}/check-in`, { intent: 'undo', person: key });
    expect(html(undo)).toContain('Kim Diner is no longer marked as arrived.');
    expect(html(undo)).toContain('0 of 3 arrived');
    const entries = await server.db.selectFrom('audit_log').select('action').where('subject', '=', key).orderBy('id').execute();
    expect(entries.map((e) => e.action)).toEqual(['check_in', 'check_in_undone']);
  });
});

describe('overview', () => {
  it('shows money raised this year against last year, upcoming events with places, and the latest payments', async () => {
    const page = await volunteer.get('/admin');
    expect(page.status).toBe(200);
    expect(html(page)).toMatch(/\d{4} so far, against \d{4} by [A-Z][a-z]{2} \d{1,2}/);
    expect(html(page)).toContain(`Spring Scramble ${run}`);
    expect(html(page)).toContain('Latest payments');
    expect(html(page)).toMatch(/\$\d/);
  });
});
