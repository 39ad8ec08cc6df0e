import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { GivingPlanView } from '../../common/donations';
import { MonthlyGiftEditor } from '../donations/MonthlyGiftEditor';
import { ApiError, apiRequest } from '../lib/api';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { pageMeta } from '../lib/seo/meta';
import { FormCard, NeedsJavaScript } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import type { Route } from './+types/giving-manage';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your monthly gift', 'Change the amount of your monthly gift or stop it.'),
  { name: 'robots', content: 'noindex' },
];

type Load = { state: 'loading' } | { state: 'ready'; plan: GivingPlanView } | { state: 'failed'; message: string };

export const handle = pageHandle('/giving/manage');

/** ADR 027: no sign-in; the link's signature is the key. */
export default function Page() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const link = { plan: params.get('plan') ?? '', sig: params.get('sig') ?? '' };

  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    apiRequest<GivingPlanView>(`/giving/plan?${new URLSearchParams(link).toString()}`, { signal: controller.signal })
      .then((plan) => setLoad({ state: 'ready', plan }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
        setLoad({ state: 'failed', message: message ?? 'We could not load your monthly gift just now. Please reload the page to try again.' });
      });
    return () => controller.abort();
    // The link is read once; it does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  return (
    <>
      <PageHeader title="Your monthly gift" />
      <FormCard>
        <NeedsJavaScript />
        {load.state === 'loading' ? (
          <p role="status" className="text-slate-700">
            Loading your monthly gift…
          </p>
        ) : load.state === 'failed' ? (
          <div role="alert" className="space-y-2 text-red-800">
            <p>{load.message}</p>
            <p>
              <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Sign in
              </Link>{' '}
              to see your monthly gifts on your dashboard.
            </p>
          </div>
        ) : (
          <MonthlyGiftEditor
            framed={false}
            plan={load.plan}
            change={(body) => apiRequest<GivingPlanView>('/giving/plan', { body: { ...link, ...body } })}
            stop={() => apiRequest<GivingPlanView>('/giving/plan/stop', { body: link })}
          />
        )}
      </FormCard>
    </>
  );
}
