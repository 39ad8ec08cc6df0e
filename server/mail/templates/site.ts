/** Filled from the site content by the domain layer. */
export interface MailSiteFacts {
  name: string;
  ein: string;
  status: string;
  email: string;
  phone: string;
  address: { street: string; city: string; state: string; zip: string };
  /** No trailing slash, e.g. http://localhost:3000 */
  url: string;
}

const DEFAULT_STATUS = '501(c)(3) nonprofit organization';

/** Empty facts are skipped so a half-filled content file never shows "EIN " alone. */
export function footerLines(site: MailSiteFacts): { name: string; status: string; address: string; contact: string[] } {
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
