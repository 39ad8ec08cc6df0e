import type { ApiEvent } from '../../../common/events';
import { centsToDecimalString } from '../../../common/money';
import { rulesOfEventType } from '../../../common/signups/kinds';
import type { Site } from '../../../common/content';

export function organizationData(site: Site, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: site.name,
    url: `${origin}/`,
    logo: new URL(site.logo.src, origin).href,
    description: site.description,
    email: site.email,
    telephone: site.phone,
    foundingDate: String(site.founded),
    taxID: site.ein,
    nonprofitStatus: 'Nonprofit501c3',
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.state,
      postalCode: site.address.zip,
      addressCountry: 'US',
    },
    sameAs: [site.social.facebook.href, site.social.instagram.href, site.social.twitter.href],
  };
}

export function eventData(event: ApiEvent, site: Site | null, origin: string): Record<string, unknown> {
  const { online } = rulesOfEventType(event.eventType);
  const url = `${origin}/events/${event.eventNumber}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: event.startTime ? `${event.eventDate}T${event.startTime}` : event.eventDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    location: online ? { '@type': 'VirtualLocation', url } : { '@type': 'Place', name: event.location, address: event.location },
    ...(event.image ? { image: [new URL(event.image.src, origin).href] } : {}),
    url,
    ...(site ? { organizer: { '@type': 'Organization', name: site.name, url: `${origin}/` } } : {}),
    offers: event.stats
      .filter((stat) => stat.priceCents !== null)
      .map((stat) => ({
        '@type': 'Offer',
        name: stat.text,
        price: centsToDecimalString(stat.priceCents ?? 0),
        priceCurrency: 'USD',
        url,
        availability: event.active ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      })),
  };
}
