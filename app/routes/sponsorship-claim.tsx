import { data, Form, redirect } from 'react-router';
import { cookieHeaders } from '../accounts/supporter.server';
import { pageHandle } from '../lib/pages/page-handle';
import { pageMeta } from '../lib/seo/meta';
import { GeneralErrors } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { namingPath } from '../../common/sponsorships';
import type { Route } from './+types/sponsorship-claim';

/** ADR 054: the receipt's one-time link ties a sponsorship to the account that names its places. */

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

async function signedIn({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const found = await context.supporters.current(request);
  if (!found.supporter) throw redirect(`/login?from=${encodeURIComponent(`/sponsorships/claim/${params.token}`)}`, { headers: cookieHeaders(found.setCookies) });
  return found.supporter;
}

export async function loader(args: Route.LoaderArgs) {
  const supporter = await signedIn(args);
  const sale = await args.context.services.sponsorships.claimable(args.params.token);
  return data({ sale, email: supporter.email }, { headers: PRIVATE, status: sale ? 200 : 404 });
}

export async function action(args: Route.ActionArgs) {
  const supporter = await signedIn(args);
  try {
    const id = await args.context.services.sponsorships.claim(supporter.id, args.params.token);
    return redirect(namingPath(id));
  } catch (error) {
    const fields = (error as { fields?: Record<string, string> }).fields;
    if (!fields) throw error;
    return data({ errors: fields }, { status: 404, headers: PRIVATE });
  }
}

export function headers() {
  return PRIVATE;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your sponsorship', 'Name the people your sponsorship package includes.'),
  { name: 'robots', content: 'noindex' },
  // The address holds the link's secret.
  { name: 'referrer', content: 'same-origin' },
];

export const handle = pageHandle('/sponsorships/claim/:token');

export default function Page({ loaderData: { sale, email }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your sponsorship" />
      <div className="mx-auto max-w-2xl space-y-5 px-4 py-8">
        <GeneralErrors errors={actionData?.errors ?? {}} fields={[]} />
        {sale ? (
          <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <p className="text-lg text-slate-800">
              {sale.companyName}’s {sale.packageName} sponsorship of {sale.eventName} includes {sale.what}.
            </p>
            <p className="text-slate-700">
              Name the people from your dashboard, signed in as <strong className="break-all">{email}</strong>. The link works once: after this, only this account can change the names.
            </p>
            <button type="submit" className="w-full rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800 sm:w-auto">
              Use this account
            </button>
          </Form>
        ) : (
          <p className="text-lg text-slate-800">This link has been used already or is no longer valid. If you used it, your sponsorship is on your dashboard; otherwise please contact us for a new one.</p>
        )}
      </div>
    </>
  );
}
