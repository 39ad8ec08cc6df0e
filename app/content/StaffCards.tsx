import * as Tabs from '@radix-ui/react-tabs';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import type { SocialNetwork, Staff, StaffMember } from '../../common/content';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, QuoteIcon, TwitterIcon } from '../ui/icons';
import { ContentImage } from './ContentBlocks';

const NETWORKS: Record<SocialNetwork, { label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  facebook: { label: 'Facebook', Icon: FacebookIcon },
  instagram: { label: 'Instagram', Icon: InstagramIcon },
  twitter: { label: 'Twitter', Icon: TwitterIcon },
  linkedin: { label: 'LinkedIn', Icon: LinkedInIcon },
};

const TABS = [
  { value: 'info', label: 'Info' },
  { value: 'bio', label: 'Bio' },
  { value: 'quote', label: 'Quote' },
] as const;

/** /staff: one card per staff member, each with the tabs Info, Bio and Quote. */
export function StaffCards({ page }: { page: Staff }) {
  return (
    <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
      {page.staff.map((member, index) => (
        <li key={member.email} className="flex">
          <StaffCard member={member} index={index} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Every panel is rendered (forceMount), so the bio and quote are in the server HTML. With scripts
 * running, inactive panels are made invisible but keep their place: all three share one grid cell,
 * so the card does not change height when the tab changes. Without scripts (`noscript:`), the tab
 * buttons could not work, so they are hidden and the three panels are shown one under the other.
 */
function StaffCard({ member, index }: { member: StaffMember; index: number }) {
  const headingId = `staff-${index + 1}`;
  const first = member.name.split(' ')[0] ?? member.name;
  return (
    <article aria-labelledby={headingId} className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {/* Phones get a wide crop of the portrait (head and shoulders) so a card fits on the screen. */}
      <ContentImage
        image={member.photo}
        priority={index === 0}
        className="aspect-video h-auto w-full object-cover object-[50%_80%] sm:aspect-square"
      />
      <Tabs.Root defaultValue="info" className="flex flex-1 flex-col">
        <Tabs.List
          aria-label={member.name}
          className="mx-4 mt-4 grid grid-cols-3 gap-1 rounded-lg bg-brand-50 p-1 noscript:hidden"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="min-h-11 rounded-md px-2 text-sm font-semibold text-brand-800 transition-colors hover:bg-white/70 data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=active]:shadow-sm"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="grid flex-1 p-4 pt-3 noscript:block noscript:space-y-4">
          <Panel value="info" label="Info">
            <h2 id={headingId} className="text-xl font-bold text-brand-800">
              {member.name}
            </h2>
            <p className="font-medium text-slate-700">{member.role}</p>
            <ul aria-label={`${member.name} on social media`} className="mt-3 flex flex-wrap gap-2">
              {member.social.map(({ network, href }) => {
                const { label, Icon } = NETWORKS[network];
                return (
                  <li key={href}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${member.name} on ${label} (opens in a new tab)`}
                      className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 transition-colors hover:bg-brand-700 hover:text-white"
                    >
                      <Icon className="h-5 w-5" />
                    </a>
                  </li>
                );
              })}
            </ul>
            <a
              href={`mailto:${member.email}`}
              className="mt-3 inline-flex min-h-11 max-w-full items-center gap-2 font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              <MailIcon className="h-5 w-5 shrink-0" />
              <span className="sr-only">Email {first}: </span>
              {member.email}
            </a>
          </Panel>
          <Panel value="bio" label="Bio">
            <p className="leading-relaxed text-slate-700">{member.bio}</p>
          </Panel>
          <Panel value="quote" label="Quote">
            <figure>
              <QuoteIcon className="h-7 w-7 text-gold-500" />
              <blockquote className="mt-1 text-lg leading-snug font-medium text-brand-800 italic">
                <p>{member.quote}</p>
              </blockquote>
              <figcaption className="mt-3 text-sm font-semibold text-slate-700">— {member.name}</figcaption>
            </figure>
          </Panel>
        </div>
      </Tabs.Root>
    </article>
  );
}

function Panel({ value, label, children }: { value: string; label: string; children: ReactNode }) {
  return (
    <Tabs.Content
      value={value}
      forceMount
      className="col-start-1 row-start-1 rounded-md focus-visible:outline-offset-4 data-[state=inactive]:invisible noscript:data-[state=inactive]:visible"
    >
      <p className="mb-1 hidden text-xs font-bold tracking-wider text-gold-700 uppercase noscript:block">{label}</p>
      {children}
    </Tabs.Content>
  );
}
