import { Link, data } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { AlbumFacts, photoCount } from '../gallery/AlbumFacts';
import { PhotoGallery } from '../gallery/PhotoGallery';
import { ArrowLeftIcon } from '../ui/icons';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/gallery-album';
import { formatCalendarDate } from '../../common/dates';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader({ context, params }: Route.LoaderArgs) {
  const gallery = await context.services.content.page('gallery');
  const album = gallery?.galleries.find((g) => g.token === params.token);
  if (!album) throw data(`There is no gallery at /gallery/${params.token}.`, { status: 404 });
  const others = (gallery?.galleries ?? []).filter((g) => g !== album).map(({ token, title, year }) => ({ token, title, year }));
  return { album, others };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  if (!data) return pageMeta(matches, 'Gallery');
  const { album } = data;
  const description = `${photoCount(album.photos.length)} from the ${album.title} at ${album.location} on ${formatCalendarDate(album.date, { weekday: true })}.`;
  return pageMeta(matches, album.title, description, { image: album.cover.src });
};

const backLink =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';

export const handle = pageHandle('/gallery/:token');

export default function Page({ loaderData: { album, others } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={album.title}>
        <AlbumFacts date={album.date} location={album.location} count={album.photos.length} className="justify-center text-base" />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-12">
        <Link to="/gallery" className={backLink}>
          <ArrowLeftIcon className="size-5" />
          Back to the gallery
        </Link>
        <p className="mt-1 mb-5 text-sm text-slate-600">Select a photo to see it larger; use the arrow keys or swipe to move between photos.</p>
        <PhotoGallery photos={album.photos} />
        {others.length > 0 ? (
          <nav aria-labelledby="more-albums" className="mt-12 rounded-xl bg-brand-50 px-5 py-6 text-center">
            <h2 id="more-albums" className="text-lg font-semibold text-brand-800">
              More from our golf outings
            </h2>
            <ul className="mt-4 flex flex-wrap justify-center gap-3">
              {others.map((other) => (
                <li key={other.token}>
                  <Link
                    to={`/gallery/${other.token}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-brand-600 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-700 hover:text-white"
                  >
                    {other.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </>
  );
}
