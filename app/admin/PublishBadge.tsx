/** Whether the public sees something, in words (never colour alone). */
export function PublishBadge({ state }: { state: 'draft' | 'published' | 'scheduled' | 'showing' | 'ended' }) {
  const look = {
    draft: { text: 'Draft', className: 'border-amber-300 bg-amber-100 text-amber-900' },
    published: { text: 'Published', className: 'border-green-300 bg-green-100 text-green-900' },
    showing: { text: 'Showing', className: 'border-green-300 bg-green-100 text-green-900' },
    scheduled: { text: 'Scheduled', className: 'border-sky-300 bg-sky-100 text-sky-900' },
    ended: { text: 'Ended', className: 'border-slate-400 bg-slate-200 text-slate-900' },
  }[state];
  return <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-semibold ${look.className}`}>{look.text}</span>;
}
