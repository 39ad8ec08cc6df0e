import { generate } from 'otplib';
import { expect } from 'vitest';
import { issueSetUpLink } from '../../server/domain/staff/staff-management';
import type { ApiClient, ApiResponse, TestServer } from './test-server';
import type { Db } from '../../server/db/database';

export const STAFF_PASSWORD = 'correct-horse-battery-staple';
let counter = 0;

export const staffEmail = (label: string) => `${label}.${Date.now().toString(36)}${(counter++).toString(36)}@foundation.test`;

/** The hidden CSRF field of the page's (first) back-office form. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]*)"/.exec(html);
  expect(match, 'the page has a CSRF field').not.toBeNull();
  return match![1]!;
}

/** Posts a back-office form the way a browser without JavaScript does. */
export function postForm(client: ApiClient, path: string, fields: Record<string, string>): Promise<ApiResponse> {
  return client.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** GETs a page and posts its form with the page's CSRF token. */
export async function submit(client: ApiClient, path: string, fields: Record<string, string>, pagePath = path): Promise<ApiResponse> {
  const page = await client.get(pagePath);
  expect(page.status, `GET ${pagePath}`).toBe(200);
  return postForm(client, path, { csrf: csrfOf(page.text), ...fields });
}

export const locationOf = (res: ApiResponse) => res.headers.get('location') ?? '';

export interface SignedInStaff {
  email: string;
  secret: string;
  recoveryCodes: string[];
  /** The moment whose code turned the authenticator on: its step is spent. */
  enrolledAt: Date;
}

/** A TOTP code for a secret at a moment (defaults to now). */
export const totpCode = (secret: string, at: Date = new Date()) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * A staff member set up as a new one would be: `staff:add`'s link, a password, and an authenticator
 * with recovery codes (required of every staff member, volunteers too). The client ends up signed in.
 */
export async function setUpStaff(server: TestServer, client: ApiClient, role: 'admin' | 'volunteer' | 'reviewer', options: { email?: string } = {}): Promise<SignedInStaff> {
  const email = options.email ?? staffEmail(role);
  const { token } = await issueSetUpLink(server.db, { email, role });
  const accepted = await submit(client, `/admin/invite/${token}`, { name: `Test ${role}`, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
  expect(accepted.status, accepted.text.slice(0, 500)).toBe(302);
  expect(locationOf(accepted), 'everyone sets up an authenticator first').toBe('/admin/security');
  const setup = await client.get('/admin/security?setup=1');
  expect(setup.status).toBe(200);
  const secret = /data-testid="totp-secret">([^<]+)</.exec(setup.text)![1]!.replace(/\s/g, '');
  const enrolledAt = new Date();
  const enabled = await postForm(client, '/admin/security?setup=1', { csrf: csrfOf(setup.text), intent: 'enable', code: await totpCode(secret, enrolledAt) });
  expect(enabled.status, enabled.text.slice(0, 300)).toBe(200);
  const recoveryCodes = [...enabled.text.matchAll(/>([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})</g)].map((m) => m[1]!);
  expect(recoveryCodes).toHaveLength(10);
  return { email, secret, recoveryCodes, enrolledAt };
}

/** A page's published content as its back-office editor posts it: dotted names, ticked boxes only. */
export async function pageForm(db: Db, page: string): Promise<Record<string, string>> {
  const row = await db.selectFrom('site_content').select('data_json').where('page', '=', page).executeTakeFirstOrThrow();
  const out: Record<string, string> = {};
  const walk = (value: unknown, prefix: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, prefix ? `${prefix}.${i}` : String(i)));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    else if (value === true) out[prefix] = 'on';
    else if (value !== false) out[prefix] = String(value);
  };
  walk(JSON.parse(row.data_json), '');
  return out;
}
