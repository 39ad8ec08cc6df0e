/** @jsxRuntime automatic @jsxImportSource react */
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import type { DetailRow } from './text';

/**
 * The building blocks of every mail. Styles are inline because many mail programs drop <style>;
 * every value is a React child or prop, so React escapes it: names and messages are typed by strangers.
 */

export const LINK_STYLE: CSSProperties = { color: '#1d4ed8', textDecoration: 'underline' };
const PARAGRAPH_STYLE: CSSProperties = { margin: '0 0 16px' };

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ fontSize: '22px', lineHeight: 1.3, margin: '0 0 16px', color: '#111827' }}>{children}</h1>;
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h2 style={{ fontSize: '18px', margin: '24px 0 8px' }}>{children}</h2>;
}

/** Plain text with the line breaks a person typed kept as <br>. */
function withLineBreaks(text: string): ReactNode {
  return text.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/** A paragraph; when it is one plain string, its line breaks are kept. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={PARAGRAPH_STYLE}>{typeof children === 'string' ? withLineBreaks(children) : children}</p>;
}

/** Someone's own words, set apart from the foundation's. */
export function Quote({ children }: { children: ReactNode }) {
  return <blockquote style={{ margin: '0 0 16px', paddingLeft: '12px', borderLeft: '4px solid #d1d5db' }}>{children}</blockquote>;
}

export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} style={LINK_STYLE}>
      {children}
    </a>
  );
}

/** A large, obvious link for the one thing the reader should do; give the bare URL beside it too. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          padding: '12px 20px',
          background: '#1d4ed8',
          color: '#ffffff',
          fontWeight: 'bold',
          textDecoration: 'none',
          borderRadius: '6px',
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** A label/value list; a real table with row headers so screen readers announce each label. */
export function Details({ rows }: { rows: DetailRow[] }) {
  return (
    <table style={{ borderCollapse: 'collapse', margin: '16px 0' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={{ textAlign: 'left', verticalAlign: 'top', padding: '4px 16px 4px 0', fontWeight: 'bold' }}>
              {label}
            </th>
            <td style={{ padding: '4px 0' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A heading and a bulleted list, e.g. the players of a team. */
export function List({ heading, items }: { heading: string; items: string[] }) {
  return (
    <>
      <SubHeading>{heading}</SubHeading>
      <ul style={{ margin: '0 0 16px', paddingLeft: '24px' }}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </>
  );
}
