import { Link } from 'react-router';
import type { AwardedFamily, FamilyOfTheYear } from '../../common/content';
import { CAMPAIGN_PATH } from '../../common/campaigns';
import { PageHeader } from '../ui/PageHeader';
import { ContentImage, ExternalLink, SectionHeading, TextWithEmails } from './ContentBlocks';
import { HeartIcon } from '../ui/icons';

/** Its intro names an e-mail address, which becomes a link. */
export function FamilyOfTheYearHeader({ heading, intro }: { heading: string; intro?: string[] }) {
  return (
    <PageHeader title={heading}>
      {intro?.map((paragraph) => (
        <p key={paragraph}>
          <TextWithEmails text={paragraph} />
        </p>
      ))}
    </PageHeader>
  );
}

/** Newest first. */
/** `campaigns`: by year, the family's campaign, whose page the card links to instead of GoFundMe (ADR 047). */
export function AwardedFamilies({ page, campaigns = {} }: { page: FamilyOfTheYear; campaigns?: Record<number, { slug: string; name: string }> }) {
  const families = [...page.families].sort((a, b) => b.year - a.year);
  return (
    <section aria-labelledby="awarded-families" className="mx-auto max-w-5xl px-4 py-12">
      <SectionHeading id="awarded-families" center>
        Awarded Families
      </SectionHeading>
      <ul className="mt-8 space-y-8 desk:space-y-10">
        {families.map((family, index) => (
          <li key={family.year}>
            <FamilyCard family={family} priority={index === 0} campaign={campaigns[family.year] ?? null} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FamilyCard({ family, priority, campaign }: { family: AwardedFamily; priority: boolean; campaign: { slug: string; name: string } | null }) {
  const headingId = `family-${family.year}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 desk:grid-cols-[2fr_3fr]"
    >
      <ContentImage image={family.photo} priority={priority} className="h-auto w-full desk:h-full desk:object-cover" />
      <div className="p-5 desk:p-8">
        <h3 id={headingId} className="text-xl font-bold text-brand-800 sm:text-2xl">
          {family.header}
        </h3>
        <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
          {family.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {campaign ? (
          <p className="mt-5">
            <Link
              to={CAMPAIGN_PATH(campaign.slug)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
            >
              <HeartIcon className="h-5 w-5 text-gold-300" />
              Give to “{campaign.name}”
            </Link>
          </p>
        ) : family.gofundme ? (
          <p className="mt-5">
            <ExternalLink
              href={family.gofundme.href}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
              icon={false}
            >
              <HeartIcon className="h-5 w-5 text-gold-300" />
              {family.gofundme.label}
            </ExternalLink>
          </p>
        ) : null}
      </div>
    </article>
  );
}
