/** @jsxRuntime automatic @jsxImportSource react */
// The pragma above (in every .tsx here) keeps JSX working even when tsx runs the server from a
// directory whose tsconfig.json it does not find; without it, mail would fail only when rendered.
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LINK_STYLE } from './MailParts';
import { footerLines, type MailSiteFacts } from './site';

/** Who sent the mail and how to reach them; empty facts leave no empty line. */
function SiteFooter({ site }: { site: MailSiteFacts }) {
  const lines = footerLines(site);
  const contact = [
    site.email ? (
      <a key="email" href={`mailto:${site.email}`} style={LINK_STYLE}>
        {site.email}
      </a>
    ) : null,
    site.phone || null,
  ].filter((part) => part !== null);
  const rows: ReactNode[] = [
    <strong key="name">{lines.name}</strong>,
    lines.status || null,
    lines.address || null,
    contact.length ? contact.flatMap((part, index) => (index ? [' · ', part] : [part])) : null,
  ].filter((row) => row !== null);
  return (
    <div style={{ borderTop: '1px solid #d1d5db', marginTop: '32px', paddingTop: '16px', fontSize: '14px', color: '#4b5563' }}>
      {rows.map((row, index) => (
        <p key={index} style={{ margin: '0 0 4px' }}>
          {row}
        </p>
      ))}
    </div>
  );
}

/**
 * One readable column with system fonts, 16px text and contrast above WCAG AA; inline styles because
 * many mail programs drop <style>. role="article" lets screen readers in webmail find the message.
 */
export function MailLayout({ title, site, children }: { title: string; site: MailSiteFacts; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f3f4f6' }}>
        <div
          role="article"
          aria-label={title}
          style={{
            maxWidth: '600px',
            margin: '0 auto',
            padding: '24px',
            background: '#ffffff',
            color: '#1f2937',
            fontFamily: 'Arial,Helvetica,sans-serif',
            fontSize: '16px',
            lineHeight: 1.5,
          }}
        >
          {children}
          <SiteFooter site={site} />
        </div>
      </body>
    </html>
  );
}

/** A whole mail document as HTML; React escapes every value on the way. */
export function renderMailHtml(document: ReactElement): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(document)}\n`;
}
