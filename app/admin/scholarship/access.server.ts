import type { AppLoadContext } from 'react-router';
import { requireStaff, type SignedInStaff } from '../guard.server';

export const SCHOLARSHIP_STAFF_ONLY = 'Only admins and scholarship reviewers see the scholarship part.';

/** The scholarship part is for admins and reviewers (ADR 051): a volunteer is refused. */
export async function requireScholarshipStaff(args: { request: Request; context: AppLoadContext }): Promise<SignedInStaff> {
  const staff = await requireStaff(args, { reviewers: true });
  if (staff.actor.role === 'volunteer') throw new Response(SCHOLARSHIP_STAFF_ONLY, { status: 403 });
  return staff;
}
