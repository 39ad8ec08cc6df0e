import { data } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/gallery-album';

export async function loader({ context, params }: Route.LoaderArgs) {
  const gallery = await loadPage(context, 'gallery');
  const album = gallery?.galleries.find((g) => g.token === params.token);
  if (!album) throw data(`There is no gallery at /gallery/${params.token}.`, { status: 404 });
  return { album };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.album.title ?? 'Gallery', data ? `${data.album.photos.length} photos from the ${data.album.title}.` : undefined);

export default function Page({ loaderData: { album } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={album.title}>
        <p>
          {album.location} · {album.photos.length} photos
        </p>
      </PageHeader>
      <ul className="mx-auto mt-8 grid max-w-6xl grid-cols-2 gap-3 px-4 sm:grid-cols-3 lg:grid-cols-4">
        {album.photos.map((photo) => (
          <li key={photo.src}>
            <img src={photo.src} width={photo.width} height={photo.height} alt={photo.alt} loading="lazy" className="h-auto w-full rounded-md" />
          </li>
        ))}
      </ul>
    </>
  );
}
