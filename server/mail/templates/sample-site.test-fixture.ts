import type { MailSiteFacts } from './site';

export const SAMPLE_SITE: MailSiteFacts = {
  name: 'Sample Foundation',
  ein: '12-3456789',
  status: '501(c)(3) nonprofit organization',
  email: 'info@example.org',
  phone: '(555) 555-0100',
  address: { street: '1 Main Street', city: 'Springfield', state: 'NY', zip: '10001' },
  url: 'http://localhost:3000',
};
