import { useEffect, useState } from 'react';
import type { AccountProfile } from '../../common/accounts';
import { ApiError, apiRequest } from '../lib/api';

type State = { state: 'loading' } | { state: 'ready'; verified: boolean } | { state: 'failed' };

/** Gifts made signed out join the account once its email is confirmed. */
export function EmailStatus() {
  const [load, setLoad] = useState<State>({ state: 'loading' });
  const [sent, setSent] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<AccountProfile>('/user/account', { signal: controller.signal })
      .then((profile) => setLoad({ state: 'ready', verified: profile.emailVerified }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);

  async function resend() {
    if (busy) return;
    setBusy(true);
    setSent(null);
    try {
      const answer = await apiRequest<{ message: string }>('/user/verify/send', { body: {} });
      setSent({ ok: true, message: answer.message });
    } catch (error) {
      setSent({ ok: false, message: error instanceof ApiError ? Object.values(error.fields).join(' ') : 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  if (load.state !== 'ready') return null;
  if (load.verified) {
    return (
      <p className="mt-3 inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
        <span aria-hidden="true">✓</span> Email confirmed
      </p>
    );
  }
  return (
    <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900">
      <p className="font-semibold">Your email is not confirmed yet.</p>
      <p className="mt-1">Open the link we emailed you. Gifts you made with this address while signed out appear here once it is confirmed.</p>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        className="mt-2 rounded-md border border-amber-700 bg-white px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      <p role="status" className={`mt-2 empty:hidden ${sent?.ok === false ? 'font-semibold text-red-800' : 'text-green-800'}`}>
        {sent?.message ?? ''}
      </p>
    </div>
  );
}
