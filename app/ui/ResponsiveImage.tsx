import type { ImgHTMLAttributes } from 'react';
import type { Image } from '../../common/content';
import { uploadSrcSets } from '../../common/media';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'>;

/** At its own size, so nothing shifts; `<picture>` is `display: contents`, so the `<img>` lays out alone. */
export function ResponsiveImage({ image, sizes, ...img }: { image: Image; sizes: string } & ImgProps) {
  const tag = <img src={image.src} width={image.width} height={image.height} alt={image.alt} {...img} />;
  const sets = uploadSrcSets(image.src, image.width);
  if (!sets) return tag;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sets.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sets.webp} sizes={sizes} />
      {tag}
    </picture>
  );
}
