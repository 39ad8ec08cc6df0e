import type { SVGProps } from 'react';

/** Icons the content pages need beyond app/components/icons.tsx (decorative: callers give the accessible name). */
type IconProps = SVGProps<SVGSVGElement>;

const base = { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const LinkedInIcon = (p: IconProps) => (
  <svg {...base} fill="currentColor" {...p}>
    <path d="M6.9 8.8H3.6V20h3.3V8.8zM5.2 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.4 13.6c0-3-1.6-5-4.4-5-1.5 0-2.5.8-3 1.6V8.8H9.8V20h3.3v-5.6c0-1.5.3-2.9 2.1-2.9s1.9 1.7 1.9 3V20h3.3v-6.4z" />
  </svg>
);

export const MailIcon = (p: IconProps) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
  </svg>
);

export const ExternalIcon = (p: IconProps) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);

export const CheckCircleIcon = (p: IconProps) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.7 2.7L16 9.8" />
  </svg>
);

export const QuoteIcon = (p: IconProps) => (
  <svg {...base} fill="currentColor" {...p}>
    <path d="M9.6 6C6.4 7.3 4.5 9.9 4.5 13.3V18h5.6v-5.6H7.3c.1-1.9 1.2-3.3 3.2-4.3L9.6 6zm9 0c-3.2 1.3-5.1 3.9-5.1 7.3V18h5.6v-5.6h-2.8c.1-1.9 1.2-3.3 3.2-4.3L18.6 6z" />
  </svg>
);
