import type { AppLoadContext } from 'react-router';
import type { StaffActor } from '../../common/back-office';
import { SCHOLARSHIP_STAFF_ONLY } from '../../common/scholarship-reviews';
import { requireStaff } from './guard.server';

/** Volunteers see no part of the scholarship (ADR 051); reviewers only this part. */
export function refuseVolunteers(actor: StaffActor): void {
  if (actor.role !== 'admin' && actor.role !== 'reviewer') throw new Response(SCHOLARSHIP_STAFF_ONLY, { status: 403 });
}

/** For the scholarship part's loaders: admins and reviewers. */
export async function requireScholarshipStaff(args: { request: Request; context: AppLoadContext }) {
  const staff = await requireStaff(args, { reviewers: true });
  refuseVolunteers(staff.actor);
  return staff;
}
