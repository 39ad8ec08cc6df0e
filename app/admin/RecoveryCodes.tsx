/** Shown once, right after they are made: the person must write them down or print them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-heading" className="rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id="recovery-heading" className="text-lg font-bold text-slate-900">
        Your recovery codes
      </h2>
      <p className="mt-1 text-slate-800">
        Each code signs you in once if you lose your phone. Print them or write them down and keep them somewhere safe; they will not be shown again.
      </p>
      <ol className="mt-4 grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded border border-amber-300 bg-white px-3 py-1 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
    </section>
  );
}
