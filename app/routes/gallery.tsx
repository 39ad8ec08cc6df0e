import { loadPage } from '../lib/page-content.server';
import { ContentIntro } from '../content/ContentPage';
import { AlbumCard } from '../gallery/AlbumCard';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/gallery';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'gallery') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  const years = page?.galleries.map((g) => g.year).join(', ');
  const description = page
    ? `${page.intro}${years ? ` Albums from ${years}.` : ''}`
    : 'Photos from the memorial golf outings of the foundation.';
  return pageMeta(matches, page?.heading ?? 'Gallery', description, { image: page?.galleries[0]?.cover.src });
};

export const handle = pageHandle('/gallery');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  const albums = page?.galleries ?? [];
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Gallery'} intro={page?.intro} />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
        {albums.length === 0 ? (
          <p className="text-center text-lg text-slate-700">No photo albums yet, check back after our next event.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
            {albums.map((album, i) => (
              <li key={album.token}>
                <AlbumCard album={album} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
