import { describe, expect, it } from 'vitest';
import { authStateFromToken } from './auth';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;

describe('authStateFromToken', () => {
  it('is signed out without a token or with garbage', () => {
    expect(authStateFromToken(null).isAuthenticated).toBe(false);
    expect(authStateFromToken('not-a-jwt').isAuthenticated).toBe(false);
  });

  it('is signed in while exp is in the future and out once it has passed', () => {
    const user = { id: 1, first: 'ada', email: 'ada@example.org', exp: 2_000 };
    expect(authStateFromToken(token(user), 1_999)).toEqual({ isAuthenticated: true, user });
    expect(authStateFromToken(token(user), 2_001).isAuthenticated).toBe(false);
  });

  it('treats an empty payload as signed out (spec §4)', () => {
    expect(authStateFromToken(token({})).isAuthenticated).toBe(false);
  });
});
