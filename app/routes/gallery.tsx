import { Link } from 'react-router';
import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/gallery';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'gallery') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'Gallery');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Gallery'} intro={page?.intro} />
      <ul className="mx-auto mt-10 grid max-w-5xl gap-6 px-4 sm:grid-cols-3">
        {page?.galleries.map((album) => (
          <li key={album.token}>
            <Link to={`/gallery/${album.token}`} className="group block overflow-hidden rounded-lg border border-slate-200 shadow-sm hover:shadow-md">
              <img src={album.cover.src} width={album.cover.width} height={album.cover.height} alt={album.cover.alt} loading="lazy" className="h-auto w-full" />
              <span className="block p-3 font-semibold text-brand-800 group-hover:underline">{album.title}</span>
              <span className="block px-3 pb-3 text-sm text-slate-600">
                {album.photos.length} photos · {album.location}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
