import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { version } from '../../../../package.json';
import { XSRF_COOKIE } from '../../middleware/xsrf';
import * as answers from './answers';
import { OPERATIONS, type Answer, type Operation } from './operations';

/** The OpenAPI 3.1 document of every /api call (ADR 035), made from the zod schemas the server validates with. */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const COMPONENT = '#/components/schemas/';
const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid: a message for each field that is wrong.',
  401: 'No valid login token.',
  403: 'The X-XSRF-TOKEN header is missing or does not match the XSRF-TOKEN cookie.',
  413: 'The body is too large.',
  415: 'The body’s encoding is not supported.',
  429: 'Too many attempts: the message says when to try again (also in Retry-After, seconds).',
  500: 'Something failed on our side; the request id is also in the log.',
  502: 'The payment provider refuses the site’s key.',
  503: 'The payment provider does not answer; try again in a few minutes.',
};

/** The server coerces these (`z.coerce.number()`), so digit strings are accepted too; zod describes only the number. */
const acceptDigitStrings: NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'] = (ctx) => {
  const def = ctx.zodSchema._zod.def as { type: string; coerce?: boolean };
  if (def.type !== 'number' || !def.coerce) return;
  const numeric = { ...ctx.jsonSchema };
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  ctx.jsonSchema.anyOf = [numeric, { type: 'string', pattern: '^\\d+$' }];
};

/** Drops the keywords of a whole JSON Schema document, which OpenAPI's inner schemas do not take. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const INLINE = '__inline';

/** One z.toJSONSchema pass per direction, so a named schema inside another becomes a $ref. */
function schemaSet(io: Io, named: Map<string, z.ZodType>, inline: z.ZodType[]) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) if (!registry.has(schema)) registry.add(schema, { id });
  inline.forEach((schema, i) => registry.has(schema) || registry.add(schema, { id: `${INLINE}${i}` }));
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => `${COMPONENT}${id}`,
    ...(io === 'input' ? { override: acceptDigitStrings, unrepresentable: 'any' as const } : {}),
  });
  const idOf = (schema: z.ZodType) => {
    const id = registry.get(schema)?.id;
    if (id === undefined) throw new Error('OpenAPI: a schema was not collected');
    return id;
  };
  const made = JSON.stringify(schemas);
  if ('__shared' in schemas || made.includes(`"$ref":"${COMPONENT}${INLINE}`)) throw new Error('OpenAPI: an inline schema is used inside another; name it');
  const components = Object.fromEntries(
    Object.entries(schemas)
      .filter(([id]) => !id.startsWith(INLINE))
      .map(([id, schema]) => [id, bare(schema as JsonSchema)]),
  );
  return {
    components,
    of(schema: z.ZodType): JsonSchema {
      const id = idOf(schema);
      return id.startsWith(INLINE) ? bare(schemas[id] as JsonSchema) : { $ref: `${COMPONENT}${id}` };
    },
    resolved: (schema: z.ZodType): JsonSchema => bare(schemas[idOf(schema)] as JsonSchema),
  };
}

const UNSAFE = new Set(['post', 'put']);
const NO_TOKEN = answers.errorOf('auth');
const NO_XSRF = answers.errorOf('xsrf');
const BAD_BODY = answers.errorOf('body');

/** OR of ANDs: Bearer where asked for, and the double-submit XSRF pair on unsafe calls. */
function securityOf(op: Operation): Record<string, string[]>[] {
  const xsrf: Record<string, string[]> = UNSAFE.has(op.method) && op.access !== 'stripe' ? { xsrfCookie: [], xsrfHeader: [] } : {};
  const signedIn = [{ bearer: [], ...xsrf }, { session: [], ...xsrf }];
  if (op.access === 'bearer') return signedIn;
  if (op.access === 'optional-bearer') return [...signedIn, xsrf];
  return Object.keys(xsrf).length > 0 ? [xsrf] : [];
}

function answersOf(op: Operation): Record<number, Answer> {
  const all: Record<number, Answer> = {};
  const add = (status: number, answer: Answer) => (all[status] ??= answer);
  for (const [status, answer] of Object.entries(op.answers)) all[Number(status)] = answer;
  const unsafe = UNSAFE.has(op.method) && op.access !== 'stripe';
  if (unsafe) add(400, { description: STATUS_TEXT[400]!, schema: answers.FieldErrors });
  if (op.access === 'bearer') add(401, { description: STATUS_TEXT[401]!, schema: NO_TOKEN });
  if (unsafe) {
    add(403, { description: STATUS_TEXT[403]!, schema: NO_XSRF });
    add(413, { description: STATUS_TEXT[413]!, schema: BAD_BODY });
    add(415, { description: STATUS_TEXT[415]!, schema: BAD_BODY });
  }
  if (op.limited) add(429, { description: STATUS_TEXT[429]!, schema: answers.errorOf(...op.limited) });
  add(500, { description: STATUS_TEXT[500]!, schema: answers.ServerError });
  if (op.gateway) {
    add(502, { description: STATUS_TEXT[502]!, schema: answers.ServerError });
    add(503, { description: STATUS_TEXT[503]!, schema: answers.ServerError });
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => Number(a) - Number(b)));
}

const TAGS = [
  { name: 'Content', description: 'The site’s pages as data (spec §7).' },
  { name: 'Events', description: 'Fundraising events (spec §3, §7).' },
  { name: 'Accounts', description: 'Registering, logging in and the account’s own controls (ADR 009, ADR 026).' },
  { name: 'Sign-ups', description: 'A supporter’s own paid sign-ups: see, change, cancel (ADR 024).' },
  { name: 'Payments', description: 'Donations and sign-ups: an intent, the card form, then a save (spec §7, ADR 013).' },
  { name: 'Receipts', description: 'Receipts and year-end statements (ADR 025).' },
  { name: 'Monthly gifts', description: 'Monthly gifts, by signed link or signed in (ADR 027).' },
  { name: 'Test mode', description: 'The simulated gateway, used while no Stripe keys are configured.' },
  { name: 'API', description: 'This document.' },
];

const DESCRIPTION = `The foundation website's JSON API, for its own pages (spec §7). Generated from the zod schemas the server validates with; the contract test sends a valid and an invalid request to every call and checks both answers against this document.

Errors are maps from a field name to a message (spec §5), such as \`{ "email": "Enter a valid email address, like name@example.com." }\`; \`body\` is about the body as a whole. Failures on our side are \`{ server, requestId }\`. An unknown path or method under /api answers 404 \`{ path }\`.

Unsafe calls (POST, PUT) need the double-submit XSRF pair: every answer without a usable \`${XSRF_COOKIE}\` cookie sets one, and the call echoes it in \`X-XSRF-TOKEN\`. The Stripe webhook is the exception: Stripe signs its body instead. Amounts are dollars as two-decimal strings ("20.00") unless a field says cents.`;

function queryParameters(query: JsonSchema | null) {
  if (!query) return [];
  const required = new Set((query.required as string[] | undefined) ?? []);
  return Object.entries(query.properties as Record<string, JsonSchema>).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

export function buildOpenApiDocument(operations: Operation[] = OPERATIONS): JsonSchema {
  const requestNames = new Map<string, z.ZodType>();
  const answerNames = new Map<string, z.ZodType>();
  for (const [name, value] of Object.entries(answers)) if (value instanceof z.ZodType) answerNames.set(name, value);
  for (const op of operations) {
    if (op.body) requestNames.set(op.body.name, op.body.schema);
    for (const answer of Object.values(op.answers)) if (answer.name && answer.schema) answerNames.set(answer.name, answer.schema);
  }
  const answered = new Map(operations.map((op) => [op, answersOf(op)]));
  const clash = [...requestNames.keys()].find((name) => answerNames.has(name));
  if (clash) throw new Error(`OpenAPI: ${clash} names both a request and an answer`);
  const requests = schemaSet(
    'input',
    requestNames,
    operations.flatMap((op) => [...Object.values(op.pathParams ?? {}).map((p) => p.schema), ...(op.query ? [op.query] : [])]),
  );
  const replies = schemaSet(
    'output',
    answerNames,
    [...answered.values()].flatMap((all) => Object.values(all).flatMap((answer) => (answer.schema ? [answer.schema] : []))),
  );

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters = [
      ...Object.entries(op.pathParams ?? {}).map(([name, p]) => ({ name, in: 'path', required: true, description: p.description, schema: requests.of(p.schema) })),
      ...queryParameters(op.query ? requests.resolved(op.query) : null),
      ...(op.access === 'stripe'
        ? [{ name: 'Stripe-Signature', in: 'header', required: true, description: 'Stripe’s signature of the raw body with the webhook secret.', schema: { type: 'string' } }]
        : []),
    ];
    const responses = Object.fromEntries(
      Object.entries(answered.get(op)!).map(([status, answer]) => [
        status,
        {
          description: answer.description,
          ...(Number(status) === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 0 } } } } : {}),
          content: answer.pdf ? { 'application/pdf': {} } : { 'application/json': { schema: replies.of(answer.schema!) } },
        },
      ]),
    );
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: securityOf(op),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: requests.of(op.body.schema) } } } } : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.1',
    info: { title: 'Foundation website API', version, description: DESCRIPTION },
    servers: [{ url: '/', description: 'This site.' }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ...requests.components, ...replies.components },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from POST /api/user/login, for API clients. It names a session on the server (ADR 043): logging out or a new password ends it.' },
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The site’s HttpOnly session cookie (`__Host-session` in production), set when a visitor logs in on the site.' },
        xsrfCookie: { type: 'apiKey', in: 'cookie', name: XSRF_COOKIE, description: 'Set by any answer that finds none; sent back by the browser.' },
        xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: `The ${XSRF_COOKIE} cookie’s value, echoed by the page.` },
      },
    },
  };
}

let served: { body: string; etag: string } | undefined;

export const openApiRoute: RequestHandler = (_req, res) => {
  if (!served) {
    const body = JSON.stringify(buildOpenApiDocument());
    served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  res.set({ 'Cache-Control': 'no-cache', ETag: served.etag }).type('application/json').send(served.body);
};
