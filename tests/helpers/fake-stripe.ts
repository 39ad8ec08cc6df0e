import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny stand-in for api.stripe.com on loopback, enough for the real `stripe` SDK to create,
 * retrieve and refund payment intents offline. It answers like Stripe does (JSON objects, error
 * envelopes, Idempotency-Key replays) but keeps everything in memory.
 */

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  status: string;
  receipt_email: string | null;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body decoded into nested objects (metadata[kind]=x → { metadata: { kind: 'x' } }). */
  body: Record<string, unknown>;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 — hand it to the gateway as `apiUrl`. */
  url: string;
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  requests: RecordedRequest[];
  /** What Stripe.js confirming a good card would do. */
  succeed(intentId: string): FakePaymentIntent;
  /** The next `count` API calls answer like an outage (500 api_error), e.g. to test retries. */
  failNext(count: number): void;
  /** The key the fake accepts; change it to play a revoked key. */
  acceptKey(secretKey: string): void;
  /** A charge as Stripe's charge.* events carry it: the intent and how much has been refunded. */
  chargeOf(intentId: string): Record<string, unknown>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  json: Json;
}

const token = (n = 24) => randomBytes(n).toString('hex').slice(0, n);

function decodeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let target = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const stripeError = (status: number, type: string, code: string, message: string, param?: string): Answer => ({
  status,
  json: { error: { type, code, message, ...(param ? { param } : {}) } },
});

export async function startFakeStripe({ secretKey: initialKey }: { secretKey: string }): Promise<FakeStripe> {
  let secretKey = initialKey;
  let failures = 0;
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  function route(method: string, path: string, body: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
      }
      const id = `pi_${token()}`;
      const apm = body.automatic_payment_methods as { enabled?: string } | undefined;
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: String(body.currency ?? ''),
        client_secret: `${id}_secret_${token()}`,
        status: 'requires_payment_method',
        receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, json: { ...intent } };
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${cancel[1]}'`, 'intent');
      if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
        return stripeError(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      intent.status = 'canceled';
      return { status: 200, json: { ...intent } };
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) {
        return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${retrieve[1]}'`, 'intent');
      }
      return { status: 200, json: { ...intent } };
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = String(body.payment_intent ?? '');
      const intent = intents.get(intentId);
      if (!intent) {
        return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${intentId}'`, 'payment_intent');
      }
      const refunded = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= intent.amount) {
        return stripeError(400, 'invalid_request_error', 'charge_already_refunded', `Charge for ${intentId} has already been refunded.`);
      }
      if (intent.status !== 'succeeded') {
        return stripeError(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          'This PaymentIntent does not have a successful charge to refund.',
        );
      }
      const amount = body.amount === undefined ? intent.amount - refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount - refunded) {
        return stripeError(400, 'invalid_request_error', 'amount_too_large', `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${(intent.amount - refunded) / 100})`, 'amount');
      }
      const refund: FakeRefund = { id: `re_${token()}`, object: 'refund', payment_intent: intentId, amount, currency: intent.currency, status: 'succeeded' };
      refunds.push(refund);
      return { status: 200, json: { ...refund } };
    }

    return stripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  function handle(req: http.IncomingMessage, text: string): Answer & { replayed?: boolean } {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = decodeForm(text);
    requests.push({ method, path, headers: req.headers, body });

    if (failures > 0) {
      failures -= 1;
      return stripeError(500, 'api_error', 'api_error', 'An error occurred with our connection to Stripe.');
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided.');
    }
    const key = req.headers['idempotency-key'];
    if (method !== 'POST' || typeof key !== 'string') return route(method, path, body);

    const fingerprint = `${method} ${path} ${text}`;
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return stripeError(
          400,
          'idempotency_error',
          'idempotency_key_in_use',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { ...seen.answer, replayed: true };
    }
    const answer = route(method, path, body);
    idempotent.set(key, { fingerprint, answer });
    return answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${token(14)}`,
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe has no intent ${intentId}`);
      intent.status = 'succeeded';
      return { ...intent };
    },
    failNext(count) {
      failures = count;
    },
    acceptKey(key) {
      secretKey = key;
    },
    chargeOf(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe has no intent ${intentId}`);
      const amountRefunded = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
      return { id: `ch_${intentId.slice(3)}`, object: 'charge', amount: intent.amount, amount_refunded: amountRefunded, refunded: amountRefunded >= intent.amount, payment_intent: intentId, currency: intent.currency };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
