import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone inside a focusable, labelled region (keyboard users can
 * scroll it too); the caption names it for screen readers.
 */
export function DataTable({
  caption,
  head,
  children,
  captionVisible = false,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  captionVisible?: boolean;
}) {
  const id = `table-${caption.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-300 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <table className="min-w-full text-left text-sm">
        <caption id={id} className={captionVisible ? 'px-3 pt-3 text-left font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead className="bg-slate-100 text-slate-800">{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Th({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${className}`}>
      {children}
    </th>
  );
}

export function Td({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <td className={`border-t border-slate-200 px-3 py-2 align-top ${className}`}>{children}</td>;
}

export const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
