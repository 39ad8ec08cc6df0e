import { ACCOMMODATION_ICONS, EVENT_TYPES } from '../../../common/content-admin';
import { ExternalUrlSchema, InternalPathSchema } from '../../../common/content';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN, type EventSignupRules } from '../../../common/events';
import { parseAmountToCents } from '../../../common/money';
import { rulesOfEventType } from '../../../common/signups/kinds';
import { hasControlCharacters } from '../../../common/text';

/** An event form's fields once checked, pictures still as addresses (their sizes are looked up after). */
export interface EventFormValues {
  eventType: string;
  name: string;
  description: string;
  location: string;
  eventDate: string;
  startTime: string | null;
  image: { src: string; alt: string } | null;
  active: boolean;
  capacity: number | null;
  signup: EventSignupRules;
  stats: { text: string; price: '' | 'price' | 'child' }[];
  accommodations: { icon: string; text: string }[];
  proceeds: string;
  showSponsor: boolean;
  sponsor: { name: string; href: string; logo: { src: string; alt: string } | null } | null;
  partnershipFlyer: string | null;
  rulesFlyer: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MEDIA_PATH = /^\/media\/[a-z0-9][a-z0-9/_.-]*$/;

const isRealDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Reads a posted event form; every problem is a message beside its field, nothing throws. */
export function parseEventForm(form: FormData, { eventType: fixedType }: { eventType: string | null }): { values: EventFormValues | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const required = (name: string, label: string, max: number) => {
    const value = text(name);
    if (value === '') errors[name] = `${label} is required.`;
    else if (value.length > max) errors[name] = `${label} must be at most ${max} characters.`;
    else if (hasControlCharacters(value.replace(/\r?\n/g, ''))) errors[name] = `${label} contains invisible control characters; please retype it.`;
    return value;
  };
  const optionalText = (name: string, label: string, max: number) => {
    const value = text(name);
    if (value.length > max) errors[name] = `${label} must be at most ${max} characters.`;
    return value;
  };
  const wholeNumber = (name: string, label: string, min: number, max: number): number | null => {
    const value = text(name);
    if (value === '') return null;
    if (!/^\d{1,7}$/.test(value) || Number(value) < min || Number(value) > max) {
      errors[name] = `${label} must be a whole number from ${min} to ${max}.`;
      return null;
    }
    return Number(value);
  };
  const dollars = (name: string, label: string): number | null => {
    const value = text(name);
    if (value === '') return null;
    const cents = parseAmountToCents(value);
    if (cents === null || cents <= 0 || cents > 10_000_000) {
      errors[name] = `${label} must be an amount in dollars, like 400.00.`;
      return null;
    }
    return cents;
  };
  const date = (name: string, label: string): string | null => {
    const value = text(name);
    if (value === '') return null;
    if (!isRealDate(value)) {
      errors[name] = `${label} must be a date.`;
      return null;
    }
    return value;
  };
  const mediaPath = (name: string): string | null => {
    const value = text(name);
    if (value === '') return null;
    if (!MEDIA_PATH.test(value)) {
      errors[name] = 'Choose a file from the media library.';
      return null;
    }
    return value;
  };

  const eventType = fixedType ?? text('eventType');
  if (!(EVENT_TYPES as readonly string[]).includes(eventType) && fixedType === null) errors.eventType = 'Choose the type of event.';
  // A party has prices and values per adult and per child; a team one fee and its number of players.
  const { party, admin: words } = rulesOfEventType(eventType);

  const name = required('name', 'Name', 120);
  const description = required('description', 'Description', 5000);
  const location = required('location', 'Location', 200);
  const eventDate = date('eventDate', 'The date');
  if (eventDate === null && !errors.eventDate) errors.eventDate = 'The date is required.';
  const startTime = text('startTime');
  if (startTime !== '' && !TIME.test(startTime)) errors.startTime = 'Start time must look like 18:30.';

  const imageSrc = mediaPath('imageSrc');
  const imageAlt = optionalText('imageAlt', 'Alt text', 300);
  if (imageSrc && imageAlt === '') errors.imageAlt = 'Describe the picture for people who cannot see it.';

  const capacity = wholeNumber('capacity', 'Capacity', 1, 100_000);
  const price = dollars('price', words.priceName);
  if (price === null && !errors.price) errors.price = words.priceMissing;
  const childPrice = party ? dollars('childPrice', 'The price per child') : null;
  const playersPerTeam = party ? null : wholeNumber('playersPerTeam', 'Players per team', TEAM_SIZE_MIN, TEAM_SIZE_MAX);
  if (!party && playersPerTeam === null && !errors.playersPerTeam) errors.playersPerTeam = `Players per team must be a whole number from ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}.`;
  const opensOn = date('signupOpensOn', 'The opening date');
  const closesOn = date('signupClosesOn', 'The closing date');
  if (opensOn && closesOn && closesOn < opensOn) errors.signupClosesOn = 'Sign-up cannot close before it opens.';
  if (closesOn && eventDate && closesOn > eventDate) errors.signupClosesOn = 'Sign-up must close on or before the day of the event.';
  const refundDaysBefore = wholeNumber('refundDaysBefore', 'Refund days', 0, 365);
  // What a payer receives (ADR 025): empty or 0 when nothing; never more than the price it comes with.
  const fairValue = (name: string, label: string, priceCents: number | null): number => {
    const value = text(name);
    if (value === '') return 0;
    const cents = parseAmountToCents(value);
    if (cents === null || cents < 0 || cents > 10_000_000) {
      errors[name] = `${label} must be an amount in dollars, like 45.00, or 0.`;
      return 0;
    }
    if (priceCents !== null && cents > priceCents) errors[name] = `${label} cannot be more than the price it comes with.`;
    return cents;
  };
  const fairValueCents = fairValue('fairValue', words.fairValueName, price);
  const childFairValueCents = party ? fairValue('childFairValue', 'The value per child', childPrice ?? price) : 0;

  const stats: EventFormValues['stats'] = [];
  const accommodations: EventFormValues['accommodations'] = [];
  for (let i = 0; i < 50; i++) {
    const statText = optionalText(`statText.${i}`, 'The line', 200);
    const statPrice = text(`statPrice.${i}`);
    if (statPrice !== '' && statPrice !== 'price' && statPrice !== 'child') errors[`statPrice.${i}`] = 'Choose which price this line shows.';
    if (statPrice === 'child' && !party) errors[`statPrice.${i}`] = 'Only a benefit dinner has a child price.';
    if (statText !== '') stats.push({ text: statText, price: statPrice as '' | 'price' | 'child' });
    else if (statPrice !== '') errors[`statText.${i}`] = 'Write what this price is for, or clear its price.';
    const accText = optionalText(`accText.${i}`, 'The item', 200);
    const accIcon = text(`accIcon.${i}`);
    if (accText !== '') {
      if (!(ACCOMMODATION_ICONS as readonly string[]).includes(accIcon)) errors[`accIcon.${i}`] = 'Choose an icon.';
      accommodations.push({ icon: accIcon, text: accText });
    }
  }

  const proceeds = optionalText('proceeds', 'Where the money goes', 2000);
  const showSponsor = form.get('showSponsor') === 'on';
  const sponsorName = optionalText('sponsorName', 'Sponsor name', 120);
  const sponsorHref = text('sponsorHref');
  const sponsorLogo = mediaPath('sponsorLogoSrc');
  const sponsorLogoAlt = optionalText('sponsorLogoAlt', 'Alt text', 300);
  let sponsor: EventFormValues['sponsor'] = null;
  if (sponsorName !== '' || sponsorHref !== '' || sponsorLogo) {
    if (sponsorName === '') errors.sponsorName = 'Name the sponsor, or clear the sponsor fields.';
    if (!ExternalUrlSchema.safeParse(sponsorHref).success) errors.sponsorHref = "Enter the sponsor's web address, starting with https://.";
    if (sponsorLogo && sponsorLogoAlt === '') errors.sponsorLogoAlt = 'Describe the logo for people who cannot see it (usually the sponsor’s name).';
    sponsor = { name: sponsorName, href: sponsorHref, logo: sponsorLogo ? { src: sponsorLogo, alt: sponsorLogoAlt } : null };
  } else if (showSponsor) errors.sponsorName = 'Add the sponsor before showing it.';

  const flyer = (name: string) => {
    const value = text(name);
    if (value === '') return null;
    if (!InternalPathSchema.safeParse(value).success || !MEDIA_PATH.test(value)) {
      errors[name] = 'Choose a flyer from the media library.';
      return null;
    }
    return value;
  };
  const partnershipFlyer = flyer('partnershipFlyer');
  const rulesFlyer = flyer('rulesFlyer');

  if (Object.keys(errors).length > 0) return { values: null, errors };
  return {
    errors,
    values: {
      eventType,
      name,
      description,
      location,
      eventDate: eventDate!,
      startTime: startTime || null,
      image: imageSrc ? { src: imageSrc, alt: imageAlt } : null,
      active: form.get('active') === 'on',
      capacity,
      signup: { priceCents: price!, childPriceCents: childPrice, playersPerTeam, opensOn, closesOn, refundDaysBefore, fairValueCents, childFairValueCents },
      stats,
      accommodations,
      proceeds,
      showSponsor,
      sponsor,
      partnershipFlyer,
      rulesFlyer,
    },
  };
}
