import { data, Form, Link, redirect, useLoaderData } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/logout';
import { pageHandle } from '../lib/pages/page-handle';
import { cookieHeaders } from '../accounts/supporter.server';

export const meta: Route.MetaFunction = ({ matches, data: page }) => [
  ...pageMeta(matches, page?.loggedOut === false ? 'Log out' : 'Successfully logged out', 'You are signed out.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/logout');

/** A link from another site must not sign anyone out: such a visit asks first. */
const fromThisSite = (request: Request) => ['same-origin', 'none', null].includes(request.headers.get('Sec-Fetch-Site'));

/** Spec §2. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (query.has('done')) return { loggedOut: true, deleted: query.has('deleted') };
  const { supporter, setCookies } = await context.supporters.current(request);
  if (!supporter) throw redirect('/login', { headers: cookieHeaders(setCookies) });
  if (!fromThisSite(request)) return { loggedOut: false, deleted: false };
  return data({ loggedOut: true, deleted: false }, { headers: cookieHeaders(await context.supporters.logOut(request)) });
}

export async function action({ request, context }: Route.ActionArgs) {
  return redirect('/logout?done', { headers: cookieHeaders(await context.supporters.logOut(request)) });
}

export default function Page() {
  const { loggedOut, deleted } = useLoaderData<typeof loader>();
  if (!loggedOut) {
    return (
      <PageHeader title="Log out">
        <Form method="post">
          <button type="submit" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800">
            Log out
          </button>
        </Form>
      </PageHeader>
    );
  }
  return (
    <PageHeader title="Successfully logged out">
      <p>{deleted ? 'Your account has been deleted. ' : ''}Thank you for supporting the foundation.</p>
      <Link to="/" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800">
        Go home
      </Link>
    </PageHeader>
  );
}
