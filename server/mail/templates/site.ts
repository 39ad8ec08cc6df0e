import { escapeHtml, LINK_STYLE } from './html';

/** What every mail says about the foundation; filled from the site content by the domain layer. */
export interface MailSiteFacts {
  name: string;
  ein: string;
  status: string;
  email: string;
  phone: string;
  address: { street: string; city: string; state: string; zip: string };
  /** Absolute site origin without a trailing slash, e.g. http://localhost:3000 */
  url: string;
}

const DEFAULT_STATUS = '501(c)(3) nonprofit organization';

/** The footer lines; empty facts are skipped so a half-filled content file never shows "EIN " alone. */
function footerLines(site: MailSiteFacts): { name: string; status: string; address: string; contact: string[] } {
  const { street, city, state, zip } = site.address;
  const cityLine = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    name: site.name,
    status: [site.status || DEFAULT_STATUS, site.ein ? `EIN ${site.ein}` : ''].filter(Boolean).join(' · '),
    address: [street, cityLine].filter(Boolean).join(', '),
    contact: [site.email, site.phone].filter(Boolean),
  };
}

export function siteFooterText(site: MailSiteFacts): string {
  const lines = footerLines(site);
  return ['-- ', lines.name, lines.status, lines.address, lines.contact.join(' · ')].filter(Boolean).join('\n');
}

export function siteFooterHtml(site: MailSiteFacts): string {
  const lines = footerLines(site);
  const contact = [
    site.email ? `<a href="mailto:${escapeHtml(site.email)}" style="${LINK_STYLE}">${escapeHtml(site.email)}</a>` : '',
    escapeHtml(site.phone),
  ].filter(Boolean);
  const rows = [`<strong>${escapeHtml(lines.name)}</strong>`, escapeHtml(lines.status), escapeHtml(lines.address), contact.join(' · ')];
  return (
    '<div style="border-top:1px solid #d1d5db;margin-top:32px;padding-top:16px;font-size:14px;color:#4b5563;">' +
    rows.filter(Boolean).map((row) => `<p style="margin:0 0 4px;">${row}</p>`).join('') +
    '</div>'
  );
}
