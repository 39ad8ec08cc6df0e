import { Link } from 'react-router';
import type { GalleryAlbum } from '../../common/content';
import { AlbumFacts } from './AlbumFacts';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/** The title link is stretched over the card so the cover is clickable too. */
export function AlbumCard({ album, eager = false }: { album: GalleryAlbum; eager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-gold-500">
      <div className="relative overflow-hidden bg-brand-50">
        <ResponsiveImage
          image={album.cover}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          loading={eager ? undefined : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        <span className="absolute top-3 left-3 rounded-full bg-gold-400 px-3 py-1 text-sm font-bold text-slate-900 shadow">{album.year}</span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-semibold text-brand-800">
          <Link
            to={`/gallery/${album.token}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:underline"
          >
            {album.title}
          </Link>
        </h2>
        <AlbumFacts date={album.date} location={album.location} count={album.photos.length} className="mt-3 flex-col text-sm text-slate-700" />
        <span aria-hidden="true" className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          View photos <span className="transition-transform group-hover:translate-x-1">→</span>
        </span>
      </div>
    </article>
  );
}
