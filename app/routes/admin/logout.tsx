import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { readFormFields } from '../../lib/form-body.server';

/** Signing out is a POST (a link or image could not sign anyone out); a GET just goes back. */
export function loader() {
  return redirect('/admin');
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session } = await context.backOffice.auth.session(request);
  const fields = await readFormFields(request);
  if (session && !(await context.backOffice.auth.csrfOk(request, fields, session))) {
    throw new Response('This form has expired. Go back, reload the page and try again.', { status: 403 });
  }
  const clear = await context.backOffice.auth.signOut(request);
  return redirect('/admin/login?signed_out=1', { headers: { 'Set-Cookie': clear } });
}
