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

const VIEWS = [
  { value: 'info', label: 'Info' },
  { value: 'bio', label: 'Bio' },
  { value: 'quote', label: 'Quote' },
] as const;

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
 * The tabs are radio buttons and CSS shows the chosen panel (app.css `.staff-card`), so they work
 * without script; the panels share one grid cell so the card keeps its height.
 */
function StaffCard({ member, index }: { member: StaffMember; index: number }) {
  const headingId = `staff-${index + 1}`;
  const first = member.name.split(' ')[0] ?? member.name;
  return (
    <article aria-labelledby={headingId} className="staff-card flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {/* Phones get a wide crop of the portrait (head and shoulders) so a card fits on the screen. */}
      <ContentImage
        image={member.photo}
        priority={index === 0}
        className="aspect-video h-auto w-full object-cover object-[50%_80%] sm:aspect-square"
      />
      <div className="flex flex-1 flex-col">
        <fieldset className="mx-4 mt-4">
          <legend className="sr-only">About {member.name}</legend>
          <div className="grid grid-cols-3 gap-1 rounded-lg bg-brand-50 p-1">
            {VIEWS.map((view) => (
              <label
                key={view.value}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-semibold text-brand-800 transition-colors select-none hover:bg-white/70 has-checked:bg-brand-700 has-checked:text-white has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-500"
              >
                <input type="radio" name={`staff-${index + 1}-view`} value={view.value} defaultChecked={view.value === 'info'} className="view-choice sr-only" />
                {view.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid flex-1 p-4 pt-3">
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
      </div>
    </article>
  );
}

function Panel({ value, label, children }: { value: string; label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} data-view={value} className="view-panel col-start-1 row-start-1">
      {children}
    </div>
  );
}
