/**
 * Schemas for `content/*.json`, shared by browser and server: import nothing Node-only.
 * Events are seeded into their own tables (`EventsFileSchema`).
 */
import { z } from 'zod';
import { EVENT_TYPES } from './content-admin';

// Building blocks

const text = z.string().trim().min(1);

export const ParagraphsSchema = z.array(text).min(1);

export const IsoDateSchema = z.iso.date();

export const ExternalUrlSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

export const BACKSLASH_IN_PATH = 'must not contain a backslash "\\": browsers read it as "/", so "/\\example.com" opens another site';

/** Such as "/events/4". */
export const InternalPathSchema = z
  .string()
  .regex(/^\/(?!\/)\S*$/, 'must be a path starting with "/"')
  // Browsers treat "\" as "/": "/\host" is protocol-relative, i.e. another site.
  .regex(/^[^\\]*$/, BACKSLASH_IN_PATH);

/** Served from `/media/…` (file under `content/images/…`). */
export const ImageSchema = z.strictObject({
  src: z.string().regex(/^\/media\/[a-z0-9][a-z0-9/_.-]*$/, 'must start with "/media/"'),
  width: z.int().positive(),
  height: z.int().positive(),
  alt: text,
});
export type Image = z.infer<typeof ImageSchema>;

export const ExternalLinkSchema = z.strictObject({
  href: ExternalUrlSchema,
  label: text,
});

export const LinkSchema = z.strictObject({
  // The union's own message ("Invalid input") would hide why a backslash is refused.
  href: z.union([ExternalUrlSchema, InternalPathSchema], { error: (issue) => (typeof issue.input === 'string' && issue.input.includes('\\') ? BACKSLASH_IN_PATH : undefined) }),
  label: text,
});

export const SponsorSchema = z.strictObject({
  name: text,
  href: ExternalUrlSchema,
  logo: ImageSchema,
});
export type Sponsor = z.infer<typeof SponsorSchema>;

export const SocialNetworkSchema = z.enum(['facebook', 'instagram', 'twitter', 'linkedin']);
export type SocialNetwork = z.infer<typeof SocialNetworkSchema>;

const ProfileLinkSchema = z.strictObject({ href: ExternalUrlSchema });

// site.json: name, footer facts, logo

export const SiteSchema = z.strictObject({
  name: text,
  shortName: text,
  tagline: text,
  founded: z.int().min(1900).max(2100),
  state: text,
  status: text,
  ein: z.string().regex(/^\d{2}-\d{7}$/, 'must look like 00-0000000'),
  address: z.strictObject({
    street: text,
    city: text,
    state: z.string().regex(/^[A-Z]{2}$/),
    zip: z.string().regex(/^\d{5}(-\d{4})?$/),
  }),
  email: z.email(),
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'must look like (740) 555-0142'),
  social: z.strictObject({
    facebook: ProfileLinkSchema,
    instagram: ProfileLinkSchema,
    twitter: ProfileLinkSchema,
  }),
  logo: ImageSchema,
  description: text,
});
export type Site = z.infer<typeof SiteSchema>;

// home.json

export const SectionSchema = z.strictObject({ heading: text, text });

export const AnnouncementSchema = z.strictObject({
  image: ImageSchema,
  heading: text,
  /** E.g. "March 14, 2026 · Shadyside". */
  meta: text,
  link: LinkSchema,
});

export const StickySchema = z.strictObject({
  active: z.boolean(),
  message: text.optional(),
  link: LinkSchema.optional(),
});

export const HomeSchema = z.strictObject({
  hero: z.array(ImageSchema).min(1),
  mission: SectionSchema,
  cause: SectionSchema,
  announcements: z.array(AnnouncementSchema),
  sponsors: z.array(SponsorSchema),
  sticky: StickySchema,
});

// cof.json (About the foundation)

export const BoardMemberSchema = z.strictObject({ name: text, role: text });

export const CofSchema = z.strictObject({
  logo: ImageSchema,
  heading: text,
  description: ParagraphsSchema,
  advisoryDirectors: z.array(text),
  boardOfDirectors: z.array(BoardMemberSchema),
  familyCarousel: z.array(ImageSchema),
});
export type Cof = z.infer<typeof CofSchema>;

// family.json (memorials)

export const MemorialSchema = z.strictObject({
  name: text,
  born: IsoDateSchema,
  died: IsoDateSchema,
  photo: ImageSchema,
  obituary: ParagraphsSchema,
  memorialLink: ExternalLinkSchema,
});
export type Memorial = z.infer<typeof MemorialSchema>;

export const FamilySchema = z.strictObject({
  heading: text,
  intro: text,
  memorials: z.array(MemorialSchema),
});
export type Family = z.infer<typeof FamilySchema>;

// staff.json

export const StaffSocialSchema = z.strictObject({
  network: SocialNetworkSchema,
  href: ExternalUrlSchema,
});

export const StaffMemberSchema = z.strictObject({
  name: text,
  role: text,
  photo: ImageSchema,
  bio: text,
  quote: text,
  email: z.email(),
  social: z.array(StaffSocialSchema),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffSchema = z.strictObject({
  heading: text,
  staff: z.array(StaffMemberSchema),
});
export type Staff = z.infer<typeof StaffSchema>;

// golfers.json (golf professionals)

export const GolfProSchema = z.strictObject({
  name: text,
  club: text,
  photo: ImageSchema,
  bio: text,
  quote: text,
});
export type GolfPro = z.infer<typeof GolfProSchema>;

export const GolfersSchema = z.strictObject({
  heading: text,
  intro: text,
  pros: z.array(GolfProSchema),
});
export type Golfers = z.infer<typeof GolfersSchema>;

// sponsors.json

export const TitleSponsorSchema = SponsorSchema.extend({ blurb: text });

export const SponsorsSchema = z.strictObject({
  heading: text,
  intro: text,
  titleSponsor: TitleSponsorSchema,
  sponsors: z.array(SponsorSchema),
});
export type Sponsors = z.infer<typeof SponsorsSchema>;

// scholarship.json

export const ScholarshipWinnerSchema = z.strictObject({
  year: z.int().min(2000).max(2100),
  names: z.array(text).min(1).max(2),
  school: text,
  field: text,
  description: text,
  photo: ImageSchema,
});
export type ScholarshipWinner = z.infer<typeof ScholarshipWinnerSchema>;

export const ScholarshipSchema = z.strictObject({
  hero: ImageSchema,
  heading: text,
  intro: ParagraphsSchema,
  requirements: z.array(text).min(1),
  howToApply: text,
  winners: z.array(ScholarshipWinnerSchema),
});
export type Scholarship = z.infer<typeof ScholarshipSchema>;

// family_of_the_year.json

export const GoFundMeLinkSchema = z.strictObject({
  href: ExternalUrlSchema,
  label: z.literal('Click to donate on GoFundMe!'),
});

export const AwardedFamilySchema = z.strictObject({
  year: z.int().min(2000).max(2100),
  header: text,
  story: ParagraphsSchema,
  photo: ImageSchema,
  gofundme: GoFundMeLinkSchema.optional(),
});
export type AwardedFamily = z.infer<typeof AwardedFamilySchema>;

export const FamilyOfTheYearSchema = z.strictObject({
  heading: text,
  intro: ParagraphsSchema,
  families: z.array(AwardedFamilySchema),
});
export type FamilyOfTheYear = z.infer<typeof FamilyOfTheYearSchema>;

// gallery.json

/** Its address: /gallery/{token}. */
export const GalleryTokenSchema = z.string().regex(/^[a-z0-9]{8,12}$/, 'must be 8-12 lowercase letters or digits');

export const GalleryAlbumSchema = z.strictObject({
  token: GalleryTokenSchema,
  year: z.int().min(2000).max(2100),
  title: text,
  location: text,
  date: IsoDateSchema,
  cover: ImageSchema,
  photos: z.array(ImageSchema).min(1),
});
export type GalleryAlbum = z.infer<typeof GalleryAlbumSchema>;

export const GallerySchema = z.strictObject({
  heading: text,
  intro: text,
  galleries: z.array(GalleryAlbumSchema),
});

// privacy.json, terms.json

export const LegalPageSchema = z.strictObject({
  heading: text,
  updated: IsoDateSchema,
  intro: ParagraphsSchema,
  sections: z.array(SectionSchema).min(1),
});
export type LegalPage = z.infer<typeof LegalPageSchema>;

// All page files

export const contentFiles = {
  site: SiteSchema,
  home: HomeSchema,
  cof: CofSchema,
  family: FamilySchema,
  staff: StaffSchema,
  golfers: GolfersSchema,
  sponsors: SponsorsSchema,
  scholarship: ScholarshipSchema,
  family_of_the_year: FamilyOfTheYearSchema,
  gallery: GallerySchema,
  privacy: LegalPageSchema,
  terms: LegalPageSchema,
} as const;

export type PageKey = keyof typeof contentFiles;
export const pageKeys = Object.keys(contentFiles) as PageKey[];
export const isPageKey = (name: string): name is PageKey => Object.hasOwn(contentFiles, name);

export type PageContent<K extends PageKey> = z.infer<(typeof contentFiles)[K]>;

/** The one place untyped content becomes typed. */
export function parsePage<K extends PageKey>(key: K, data: unknown): PageContent<K> {
  // zod infers the union of every page for a generic key.
  return contentFiles[key].parse(data) as PageContent<K>;
}


// events.json (seed data for the events tables)

export const EventTypeSchema = z.enum(EVENT_TYPES);

export const AccomodationIconSchema = z.enum([
  'golf',
  'food',
  'drink',
  'shirt',
  'trophy',
  'gamepad',
  'wifi',
  'music',
  'child',
  'gift',
]);

export const EventStatSchema = z.strictObject({
  priceCents: z.int().nonnegative().nullable(),
  text,
});

/** Spelled to match the product's field name `accomodations`. */
export const AccomodationSchema = z.strictObject({
  icon: AccomodationIconSchema,
  text,
});

const FlyerPathSchema = z.string().regex(/^\/media\/flyers\/[a-z0-9][a-z0-9_-]*\.(svg|pdf|png|jpg)$/, 'must be a "/media/flyers/…" path');

export const EventSeedSchema = z.strictObject({
  eventNumber: z.int().positive(),
  eventType: EventTypeSchema,
  name: text,
  description: text,
  location: text,
  eventDate: z.iso.date(),
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24h)'),
  image: ImageSchema,
  active: z.boolean(),
  show_sponsor: z.boolean(),
  sponsor: SponsorSchema.nullable(),
  stats: z.array(EventStatSchema).min(1),
  accomodations: z.array(AccomodationSchema),
  proceeds: text,
  partnership_flyer: FlyerPathSchema.nullable(),
  rules_flyer: FlyerPathSchema.nullable(),
  capacity: z.int().positive().nullable(),
  /** Left out: published, with the type's defaults (spec §9) and no sign-up dates. */
  published: z.boolean().optional(),
  signup: z
    .strictObject({
      priceCents: z.int().positive().optional(),
      childPriceCents: z.int().positive().nullable().optional(),
      playersPerTeam: z.int().min(1).max(8).nullable().optional(),
      opensOn: z.iso.date().nullable().optional(),
      closesOn: z.iso.date().nullable().optional(),
      refundDaysBefore: z.int().min(0).max(365).nullable().optional(),
      fairValueCents: z.int().min(0).optional(),
      childFairValueCents: z.int().min(0).optional(),
    })
    .optional(),
});

export const EventsFileSchema = z.array(EventSeedSchema);

/** Home's announcements have their own editor and table. */
export function editablePageSchema(key: PageKey): z.ZodType {
  return key === 'home' ? HomeSchema.omit({ announcements: true }) : contentFiles[key];
}
