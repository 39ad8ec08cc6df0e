import { describe, expect, it } from 'vitest';
import { isBackOfficePath } from './back-office-path';

describe('isBackOfficePath', () => {
  it.each([
    '/admin',
    '/admin/',
    '/admin.data',
    '/admin/donations',
    '/ADMIN',
    '/Admin/donations',
    '/%61dmin/donations',
    '/%41DMIN/donations',
    '/ADMIN/PAYMENTS/1',
    '/ADMIN/DONATIONS.data',
    '/ADMIN.DATA',
    '/admin\\donations',
    '//admin/donations',
    '/admin%2Fdonations',
  ])('%s is a back-office page', (path) => {
    expect(isBackOfficePath(path)).toBe(true);
  });

  it.each(['/', '/administration', '/events', '/api/admin', '/adminx/donations', '/%E0%A4%A'])('%s is not', (path) => {
    expect(isBackOfficePath(path)).toBe(false);
  });
});
