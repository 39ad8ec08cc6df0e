import type { Cof } from '../../common/content';
import { ContentImage, SectionHeading } from './ContentBlocks';

export function AboutFoundation({ page }: { page: Cof }) {
  return (
    <>
      <div className="mx-auto grid max-w-5xl items-start gap-8 px-4 py-12 desk:grid-cols-[16rem_1fr] desk:gap-12">
        <ContentImage image={page.logo} priority className="mx-auto h-auto w-44 desk:w-64" />
        <div className="space-y-4 text-lg leading-relaxed text-slate-700">
          {page.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <FamilyPictures pictures={page.familyCarousel} />
      <div className="bg-brand-50 py-12">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 desk:grid-cols-2">
          <section aria-labelledby="advisory-directors" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
            <SectionHeading id="advisory-directors">Advisory Directors</SectionHeading>
            <ul className="mt-5 grid gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-2">
              {page.advisoryDirectors.map((name) => (
                <li key={name} className="flex items-center gap-2">
                  <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full bg-gold-500" />
                  {name}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="board-of-directors" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
            <SectionHeading id="board-of-directors">Board of Directors</SectionHeading>
            <ul className="mt-5 divide-y divide-slate-200">
              {page.boardOfDirectors.map((member) => (
                <li key={member.name} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2.5">
                  <span className="font-semibold text-slate-900">{member.name}</span>
                  <span className="text-sm font-medium text-brand-700">{member.role}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

/** The pictures staff keep under "Family pictures" (issue 33): lazy, with their sizes, so nothing below them moves. */
function FamilyPictures({ pictures }: { pictures: Cof['familyCarousel'] }) {
  if (pictures.length === 0) return null;
  return (
    <section aria-labelledby="family-pictures" className="mx-auto max-w-5xl px-4 pb-12">
      <SectionHeading id="family-pictures">Family pictures</SectionHeading>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 desk:grid-cols-3">
        {pictures.map((picture) => (
          <li key={picture.src}>
            <ContentImage
              image={picture}
              sizes="(min-width: 1024px) 320px, 50vw"
              className="aspect-[3/2] h-auto w-full rounded-lg bg-slate-100 object-cover shadow-sm ring-1 ring-slate-200"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
