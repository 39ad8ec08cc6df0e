import { useEffect, useState } from 'react';
import type { GivingPlanView } from '../../common/donations';
import { apiRequest } from '../lib/api';
import { MonthlyGiftEditor } from './MonthlyGiftEditor';

/** Nothing when there are none. */
export function MonthlyGifts() {
  const [plans, setPlans] = useState<GivingPlanView[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<GivingPlanView[]>('/giving/my-plans', { signal: controller.signal })
      .then(setPlans)
      // The rest of the dashboard says when it cannot load.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!plans || plans.length === 0) return null;
  return (
    <section aria-labelledby="monthly-gifts-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="monthly-gifts-title" className="text-xl font-bold text-brand-800">
        Monthly gifts
      </h2>
      {plans.map((plan) => (
        <MonthlyGiftEditor
          key={plan.id}
          plan={plan}
          change={(body) => apiRequest<GivingPlanView>(`/giving/my-plans/${plan.id}`, { body })}
          stop={() => apiRequest<GivingPlanView>(`/giving/my-plans/${plan.id}/stop`, { method: 'POST' })}
        />
      ))}
    </section>
  );
}
