import { Link } from 'react-router';
import type { Site } from '../../common/content';
import { FacebookIcon, InstagramIcon, TwitterIcon } from '../ui/icons';

const SOCIAL = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'twitter', label: 'Twitter', Icon: TwitterIcon },
] as const;

export function SiteFooter({ site, year }: { site: Site | null; year: number }) {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div>
          <p className="text-lg font-semibold text-white">{site?.name ?? 'Our foundation'}</p>
          {site ? (
            <>
              <p className="mt-2 text-sm">
                A {site.status} established in {site.founded}, {site.state}.
              </p>
              <p className="mt-1 text-sm">EIN (federal tax id): {site.ein}</p>
            </>
          ) : null}
        </div>
        {site ? (
          <div className="text-sm sm:text-right">
            <address className="not-italic">
              {site.address.street}
              <br />
              {site.address.city}, {site.address.state} {site.address.zip}
              <br />
              <a className="inline-block py-1 underline decoration-gold-300 underline-offset-2 hover:text-white" href={`mailto:${site.email}`}>
                {site.email}
              </a>
              <br />
              <a className="inline-block py-1 underline decoration-gold-300 underline-offset-2 hover:text-white" href={formatPhoneHref(site.phone)}>
                {site.phone}
              </a>
            </address>
            <ul className="mt-4 flex gap-3 sm:justify-end" aria-label="Social media">
              {SOCIAL.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={site.social[key].href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-gold-500 hover:text-slate-900"
                    aria-label={`${label} (opens in a new tab)`}
                  >
                    <Icon className="h-5 w-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="border-t border-brand-700">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center text-xs">
          {`© ${year} ${site?.name ?? ''}. All rights reserved.`}{' '}
          <Link to="/privacy" className="inline-block px-1 py-1 underline decoration-gold-300 underline-offset-2 hover:text-white">
            Privacy policy
          </Link>{' '}
          <Link to="/terms" className="inline-block px-1 py-1 underline decoration-gold-300 underline-offset-2 hover:text-white">
            Terms of use
          </Link>
        </p>
      </div>
    </footer>
  );
}

function formatPhoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
