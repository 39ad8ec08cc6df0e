import type { ContentService } from '../../common/load-context';
import type { MailSiteFacts } from '../mail/templates/site';

/** Before any content is seeded, mail still goes out. */
const NO_SITE: Omit<MailSiteFacts, 'url'> = {
  name: 'The foundation',
  ein: '',
  status: '',
  email: '',
  phone: '',
  address: { street: '', city: '', state: '', zip: '' },
};

/** The same content volunteers edit for the footer. */
export function siteFactsFrom(content: ContentService): (origin: string) => Promise<MailSiteFacts> {
  return async (origin) => {
    const site = await content.page('site');
    const facts = site
      ? {
          name: site.name,
          ein: site.ein,
          status: site.status,
          email: site.email,
          phone: site.phone,
          address: site.address,
        }
      : NO_SITE;
    return { ...facts, url: origin.replace(/\/+$/, '') };
  };
}
