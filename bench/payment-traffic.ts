import type { ApiEvent } from '../common/events';

/**
 * Gifts and sign-ups arriving while the pages are measured, as in a donation drive: a payment
 * started every 1/perSecond s, each one paid with the simulated test card and saved as the
 * dialogs do. One in ten is a sign-up for `eventNumber` (golf, gaming or steak fry; until it is
 * full, then a full event's 409 is traffic too), the rest are gifts. Each payment comes from its own address
 * (X-Forwarded-For, the site trusting its loopback proxy), as a crowd of donors would, so the
 * per-address payment limits do not turn them away.
 */
export interface PaymentTrafficResult {
  donations: number;
  signups: number;
  /** Answers other than the expected ones (a full event's 409 is expected). */
  failures: number;
  full: number;
}

const CARD = { number: '4242 4242 4242 4242', expiry: `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`, cvc: '123', zip: '43947' };

let teams = 0;

/** A sign-up's payload for the event, as its dialog sends it. */
function signupBody(event: ApiEvent, email: string): { kind: string; body: Record<string, unknown> } {
  const { priceCents, playersPerTeam } = event.signup;
  const base = { eventNumber: event.eventNumber, eventDescription: event.name, amount: (priceCents / 100).toFixed(2), receiptEmail: email };
  if (event.eventType === 'Benefit Event') return { kind: 'steakfry', body: { ...base, attendees: [{ name: 'Bench Guest', allergies: '', child: false }] } };
  const gaming = event.eventType === 'Gaming Event';
  const players = Array.from({ length: playersPerTeam ?? 4 }, (_, i) => i + 1).flatMap((n) => [
    [`player${n}Name`, `Bench Player ${n}`],
    [`player${n}Email`, n === 1 ? email : ''],
    ...(gaming ? [[`player${n}ActivisionId`, `bench#${n}000`], [`player${n}Location`, 'Wheeling, WV']] : [[`player${n}ShirtSize`, 'L']]),
  ]);
  const team = gaming ? { teamName: `Bench Team ${(teams += 1)} ${Date.now().toString(36)}`, teamContactNumber: '(740) 555-0142', teamAgrees: true } : {};
  return { kind: gaming ? 'gaming' : 'golf', body: { ...base, ...team, ...Object.fromEntries(players) } };
}

export async function startPaymentTraffic(siteUrl: string, { perSecond, eventNumber }: { perSecond: number; eventNumber: number }) {
  const result: PaymentTrafficResult = { donations: 0, signups: 0, failures: 0, full: 0 };
  let visitor = 0;
  const address = () => {
    visitor += 1;
    return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  };
  // One XSRF pair serves every call: the cookie is the site's, the header echoes it.
  const first = await fetch(`${siteUrl}/api/events/upcoming`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join('\n'))?.[1];
  if (!xsrf) throw new Error('the site gave no XSRF-TOKEN cookie');
  const post = (path: string, body: unknown, from: string, token?: string) =>
    fetch(`${siteUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
        'x-forwarded-for': from,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  const event = (await (await fetch(`${siteUrl}/api/events/${eventNumber}`)).json()) as ApiEvent;
  // Supporters registered before the clock starts (each sign-up needs an account; argon2 is not what is measured).
  const members: { email: string; token: string }[] = [];
  for (let i = 0; i < 40; i += 1) {
    const from = address();
    const email = `bench.${Date.now().toString(36)}.${i}@example.org`;
    const password = 'bench-traffic-password-1';
    await post('/api/user/register', { first: 'Bench', last: 'Member', username: `bench_${Date.now().toString(36)}_${i}`, email, password, password2: password }, from);
    const login = await post('/api/user/login', { email, password }, from);
    if (login.ok) members.push({ email, token: ((await login.json()) as { token: string }).token });
  }

  async function pay(intentPath: string, savePath: string, body: Record<string, unknown>, from: string, token?: string): Promise<'paid' | 'full' | 'failed'> {
    const intent = await post(intentPath, body, from, token);
    if (intent.status === 409) return 'full';
    if (intent.status !== 201) return 'failed';
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirmed = await post('/api/payments/simulated/confirm', { clientSecret, ...CARD }, from);
    if (!confirmed.ok) return 'failed';
    const saved = await post(savePath, { amount: body.amount, token: clientSecret }, from, token);
    return saved.ok ? 'paid' : 'failed';
  }

  let started = 0;
  const inFlight = new Set<Promise<void>>();
  const one = async () => {
    started += 1;
    const member = members[started % Math.max(1, members.length)];
    const signup = started % 10 === 0 && member ? signupBody(event, member.email) : null;
    const outcome = signup
      ? await pay(`/api/stripe/${signup.kind}_signup_intent`, `/api/stripe/save_${signup.kind}_signup`, signup.body, address(), member!.token)
      : await pay('/api/stripe/donation_intent', '/api/stripe/save_donation', { amount: '25.00', email: `donor.${started}@example.org`, message: '' }, address());
    if (outcome === 'paid') result[signup ? 'signups' : 'donations'] += 1;
    else if (outcome === 'full') result.full += 1;
    else result.failures += 1;
  };
  const timer = setInterval(() => {
    const running = one().catch(() => void (result.failures += 1));
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  }, 1000 / perSecond);

  return {
    async stop(): Promise<PaymentTrafficResult> {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
      return result;
    },
  };
}
