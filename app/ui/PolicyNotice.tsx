const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** The pages open in a new tab so a half-filled form is never lost. */
export function PolicyNotice({ action = 'continuing' }: { action?: string }) {
  return (
    <p className="text-xs text-slate-700">
      By {action} you agree to our{' '}
      <a href="/terms" target="_blank" rel="noopener noreferrer" className={link}>
        Terms of use<span className="sr-only"> (opens in a new tab)</span>
      </a>{' '}
      and{' '}
      <a href="/privacy" target="_blank" rel="noopener noreferrer" className={link}>
        Privacy policy<span className="sr-only"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
