import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './document';

/**
 * The document on its own, without a server (the contract test, tests/integration/api-contract.test.ts,
 * checks it against the running code): valid OpenAPI 3.1, every schema usable by a strict JSON Schema
 * 2020-12 validator, and what every call of a kind shares present on each.
 */

interface Op {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { content: Record<string, { schema?: unknown }> }>;
}
const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown> } };
const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('has schemas a strict JSON Schema 2020-12 validator compiles, and every $ref names one of them', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty(name!);
    const schemas = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', '"api#/$defs/'));
    ajv.addSchema({ $id: 'api', $defs: schemas });
    for (const name of Object.keys(schemas)) expect(() => ajv.getSchema(`api#/$defs/${name}`), name).not.toThrow();
  });

  it('gives every call its own operationId and a documented body for every JSON answer', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations) {
      for (const [status, answer] of Object.entries(op.responses)) {
        const [type, media] = Object.entries(answer.content)[0]!;
        if (type === 'application/json') expect(media.schema, `${op.operationId} ${status}`).toBeDefined();
        else expect(type).toBe('application/pdf');
      }
    }
  });

  it('lists what every call of a kind shares: 500; XSRF and 403 on unsafe calls but the webhook; Bearer and 401 where a login is needed', () => {
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses, op.operationId).toContain('500');
      const unsafe = method !== 'get' && path !== '/api/stripe/webhook';
      for (const requirement of op.security) expect(Object.hasOwn(requirement, 'xsrfHeader'), op.operationId).toBe(unsafe);
      if (unsafe) expect(statuses, op.operationId).toContain('403');
      if (op.security.length > 0 && op.security.every((r) => Object.hasOwn(r, 'bearer'))) expect(statuses, op.operationId).toContain('401');
    }
    expect(operations.find(({ op }) => op.operationId === 'receiveStripeWebhook')!.op.security).toEqual([]);
  });
});
