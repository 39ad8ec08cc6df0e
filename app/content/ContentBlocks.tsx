import { useId, type ReactNode } from 'react';
import type { Image } from '../../common/content';
import { ExternalIcon } from '../ui/icons';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/** At its own size (no layout shift); lazy unless `priority`; uploads as AVIF or WebP per `sizes`. */
export function ContentImage({ image, priority = false, className, sizes = '(min-width: 1024px) 50vw, 100vw' }: { image: Image; priority?: boolean; className?: string; sizes?: string }) {
  return (
    <ResponsiveImage
      image={image}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}

/** Opens in a new tab without handing it this page (and tells screen readers so). */
export function ExternalLink({
  href,
  children,
  className = 'inline-flex items-center gap-1.5 font-semibold text-brand-700 underline decoration-gold-400 decoration-2 underline-offset-4 hover:text-brand-900',
  icon = true,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  icon?: boolean;
}) {
  // A description, not part of the name, so the link is called exactly what it says.
  const hintId = useId();
  return (
    <>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={hintId} className={className}>
        {children}
        {icon ? <ExternalIcon className="h-4 w-4 shrink-0" /> : null}
      </a>
      <span id={hintId} hidden>
        Opens in a new tab
      </span>
    </>
  );
}

export function SectionHeading({ id, children, center = false }: { id: string; children: ReactNode; center?: boolean }) {
  return (
    <h2 id={id} className={`text-2xl font-bold tracking-tight text-brand-800 sm:text-3xl ${center ? 'text-center' : ''}`}>
      {children}
      <span aria-hidden="true" className={`mt-2 block h-1 w-14 rounded-full bg-gold-400 ${center ? 'mx-auto' : ''}`} />
    </h2>
  );
}

const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/;

export function TextWithEmails({ text }: { text: string }) {
  const parts = text.split(EMAIL);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
