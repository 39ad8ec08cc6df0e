import { data, redirect } from 'react-router';
import { ChangePasswordForm, PASSWORD_INTENT } from '../accounts/ChangePasswordForm';
import { DeleteAccount, DELETE_INTENT, DownloadData, EVERYWHERE_INTENT, SignOutEverywhere } from '../accounts/MyData';
import { PROFILE_INTENT, ProfileForm } from '../accounts/ProfileForm';
import { MonthlyGifts } from '../donations/MonthlyGifts';
import { cookieHeaders, refusedForm, requireSupporter } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';
import type { FormAnswer } from '../lib/hooks/use-route-form';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/account';
import { pageHandle } from '../lib/pages/page-handle';
import { BackToDashboard } from '../accounts/BackToDashboard';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your account', 'Edit your profile, manage your monthly gifts, change your password, download your data or delete your account.'),
  { name: 'robots', content: 'noindex' },
];

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

export const handle = pageHandle('/account');

export async function loader(args: Route.LoaderArgs) {
  const supporter = await requireSupporter(args);
  return { profile: await args.context.supporters.account(supporter) };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/** Forms told apart by `intent`; each works without JavaScript (ADR 043). */
export async function action(args: Route.ActionArgs) {
  const supporter = await requireSupporter(args);
  const { request, context } = args;
  const fields = await readFormFields(request);
  const { supporters } = context;
  switch (fields.intent) {
    case PROFILE_INTENT: {
      const outcome = await supporters.updateProfile(supporter, fields);
      if (!outcome.ok) return refusedForm(outcome, fields, PROFILE_INTENT);
      const email = (fields.email ?? '').trim().toLowerCase();
      const done = outcome.emailChanged ? `Saved. We sent a link to ${email}: open it to confirm your new email.` : 'Your profile is saved.';
      return data<FormAnswer>({ intent: PROFILE_INTENT, done });
    }
    case PASSWORD_INTENT: {
      const outcome = await supporters.changePassword(supporter, fields, request);
      if (!outcome.ok) return refusedForm(outcome, fields, PASSWORD_INTENT);
      return data<FormAnswer>({ intent: PASSWORD_INTENT, done: 'Your password has been changed. Other browsers are signed out.' }, { headers: cookieHeaders(outcome.setCookies) });
    }
    case EVERYWHERE_INTENT:
      return redirect('/logout?done', { headers: cookieHeaders(await supporters.signOutEverywhere(supporter)) });
    case DELETE_INTENT: {
      const outcome = await supporters.deleteAccount(supporter, fields, request);
      if (!outcome.ok) return refusedForm(outcome, fields, DELETE_INTENT);
      return redirect('/logout?done&deleted', { headers: cookieHeaders(outcome.setCookies) });
    }
    default:
      throw new Response('This form could not be read. Please reload the page and try again.', { status: 400 });
  }
}

export default function Page({ loaderData: { profile } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your account" />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <BackToDashboard />
        <div className={card}>
          <ProfileForm profile={profile} />
        </div>
        {/* The same as on the dashboard: nothing shows without a monthly gift. */}
        <MonthlyGifts />
        <div className={card}>
          <ChangePasswordForm />
        </div>
        <div className={card}>
          <SignOutEverywhere />
        </div>
        <div className={card}>
          <DownloadData />
        </div>
        <div className={`${card} border-red-200`}>
          <DeleteAccount />
        </div>
      </div>
    </>
  );
}
