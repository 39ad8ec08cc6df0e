import type { Site } from '../../common/content';

/** The foundation's facts shown in the shell (footer, dialogs); from content/site.json. */
export type SiteFacts = Site;

/** "(740) 555-0142" → "tel:+17405550142" */
export function formatPhoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
