import type { ContentService } from '../../common/services';
import type { MailSiteFacts } from '../mail/templates/site';

/** The foundation's facts for emails come from the same content volunteers edit for the footer. */
export function siteFactsFrom(content: ContentService): (origin: string) => Promise<MailSiteFacts> {
  return async (origin) => {
    const site = ((await content.page('site')) ?? {}) as Partial<Omit<MailSiteFacts, 'url'>>;
    return {
      name: site.name ?? 'The foundation',
      ein: site.ein ?? '',
      status: site.status ?? '501(c)(3) nonprofit organization',
      email: site.email ?? '',
      phone: site.phone ?? '',
      address: site.address ?? { street: '', city: '', state: '', zip: '' },
      url: origin.replace(/\/+$/, ''),
    };
  };
}
