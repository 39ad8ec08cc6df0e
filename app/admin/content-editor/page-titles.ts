import type { PageKey } from '../../../common/content';
import type { PublicPath } from '../../../common/public-pages';

/** What volunteers call each page, and where the public sees it. */
export const PAGE_TITLES: Record<PageKey, string> = {
  site: 'Site name, contact details and footer',
  home: 'Home page',
  cof: 'About the foundation',
  family: 'Family memorials',
  staff: 'Our staff',
  golfers: 'Golf pros',
  sponsors: 'Sponsors',
  scholarship: 'Scholarship',
  family_of_the_year: 'Families of the year',
  gallery: 'Gallery albums',
  privacy: 'Privacy policy',
  terms: 'Terms of use',
};

/** Where each content page is shown: a page of the table of public pages. */
export const PAGE_PATHS: Record<PageKey, PublicPath> = {
  site: '/',
  home: '/',
  cof: '/cof',
  family: '/family',
  staff: '/staff',
  golfers: '/golfers',
  sponsors: '/sponsors',
  scholarship: '/scholarship',
  family_of_the_year: '/family_of_the_year',
  gallery: '/gallery',
  privacy: '/privacy',
  terms: '/terms',
};
