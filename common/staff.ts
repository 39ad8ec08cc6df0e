/** Zod-free; the forms' schemas are in `staff.wire.ts` (ADR 012). */

/** Staff passwords open every supporter's data. */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

export const STAFF_ROLES = ['admin', 'volunteer', 'reviewer'] as const;

/** A reviewer (a scholarship committee member) sees only the back office's scholarship part (ADR 051). */
export const ROLE_WORDS: Record<(typeof STAFF_ROLES)[number], string> = { admin: 'an admin', volunteer: 'a volunteer', reviewer: 'a scholarship reviewer' };
export const CHOOSE_ROLE = 'Choose admin, volunteer or reviewer.';

export const INVITE_HOURS = 72;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
export const RECOVERY_CODE_COUNT = 10;
