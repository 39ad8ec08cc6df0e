import { redirect, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { parseFields, type FieldsParse, type IssueKey } from '../../common/api-errors';
import type { FormFields, StaffActor, StaffRole, StaffSessionView } from '../../common/back-office';
import { formFields, formFiles, readForm } from '../lib/form-body.server';

interface Args {
  request: Request;
  context: AppLoadContext;
}

export interface SignedInStaff {
  session: StaffSessionView;
  actor: StaffActor;
}

/** Where a signed-out visitor goes, remembering the page they asked for. */
function toSignIn(request: Request, ended: boolean): Response {
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, '')}${url.search}`;
  const params = new URLSearchParams();
  if (back !== '/admin' && back !== '/admin/') params.set('next', back);
  if (ended) params.set('ended', '1');
  const query = params.toString();
  return redirect(`/admin/login${query ? `?${query}` : ''}`);
}

interface StaffOptions {
  role?: StaffRole;
  allowEnrol?: boolean;
  /** Open to reviewers too: the frame and their own security page (ADR 051). */
  reviewers?: boolean;
  /** The scholarship part: admins and reviewers, never volunteers (ADR 051). */
  scholarship?: boolean;
}

export const NOT_FOR_REVIEWERS = 'Scholarship reviewers see only the scholarship part of the back office.';
export const SCHOLARSHIP_STAFF_ONLY = 'Only admins and scholarship reviewers see the scholarship part.';

/**
 * Every back-office loader and action starts here: no full staff session, no data (a redirect to
 * the sign-in page); halfway sessions go on to the code or to setting up an authenticator; a
 * volunteer asking for an admin-only page gets 403, and so does a reviewer outside the scholarship part.
 */
export async function requireStaff({ request, context }: Args, options: StaffOptions = {}): Promise<SignedInStaff> {
  const { session, ended } = await context.backOffice.auth.session(request);
  if (!session) throw toSignIn(request, ended);
  if (session.stage === 'second_factor') throw redirect('/admin/login/code');
  if (session.stage === 'enrol' && !options.allowEnrol) throw redirect('/admin/security');
  const actor: StaffActor = { id: session.staff.id, email: session.staff.email, role: session.staff.role, address: context.backOffice.clientAddress };
  if (options.scholarship && actor.role === 'volunteer') throw new Response(SCHOLARSHIP_STAFF_ONLY, { status: 403 });
  if (actor.role === 'reviewer' && !options.reviewers && !options.scholarship) {
    if (/^\/admin\/?$/.test(new URL(request.url).pathname.replace(/\.data$/, ''))) throw redirect('/admin/scholarship');
    throw new Response(NOT_FOR_REVIEWERS, { status: 403 });
  }
  if (options.role === 'admin') requireAdmin(actor);
  return { session, actor };
}

/** For actions: 403 without the form's CSRF token. */
export async function requireStaffForm(args: Args, options: StaffOptions = {}): Promise<SignedInStaff & { form: FormData; fields: FormFields }> {
  const staff = await requireStaff(args, options);
  const form = await readForm(args.request);
  const fields = formFields(form);
  if (!(await args.context.backOffice.auth.csrfOk(args.request, fields, staff.session))) {
    throw new Response('This form has expired. Go back, reload the page and try again.', { status: 403 });
  }
  return { ...staff, form, fields };
}

/** requireStaffForm, then the form (a posted file too) read into its schema; a refused `input` is answered with answer()'s 400. */
export async function readStaffForm<S extends z.ZodType>(
  args: Args,
  schema: S,
  options: StaffOptions & { keyOf?: IssueKey } = {},
): Promise<SignedInStaff & { form: FormData; fields: FormFields; input: FieldsParse<z.output<S>> }> {
  const staff = await requireStaffForm(args, options);
  return { ...staff, input: parseFields(schema, { ...formFiles(staff.form), ...staff.fields }, options.keyOf) };
}

/** As requireStaff answers a volunteer. */
export function requireAdmin(actor: StaffActor): void {
  if (actor.role !== 'admin') throw new Response('Only an admin can do this.', { status: 403 });
}

/** The id or number in a path segment, or a 404. */
export function pathNumber(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new Response('Not found', { status: 404 });
  return Number(value);
}
