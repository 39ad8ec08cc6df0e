import { useState } from 'react';
import type { MediaItem } from '../../common/content-admin';
import { Select } from './form-controls';

export interface PictureOption {
  value: string;
  label: string;
  /** Shown beside the list while this option is chosen. */
  thumb?: { src: string; width: number; height: number } | null;
}

/** A library picture as a choice: its file name and words, and its thumbnail. */
export function pictureOption(m: MediaItem): PictureOption {
  return { value: m.src, label: m.alt ? `${m.fileName} — ${m.alt}` : m.fileName, thumb: m.kind === 'image' && m.width && m.height ? { src: m.src, width: m.width, height: m.height } : null };
}

/**
 * The library's pictures as a list, with a thumbnail of the one chosen (issue 33: staff reuse the
 * site's pictures by sight). Without JavaScript the thumbnail is the saved one.
 */
export function PicturePicker({ name, label, error, defaultValue, options, id }: { name: string; label: string; error?: string; defaultValue: string; options: PictureOption[]; id?: string }) {
  const [chosen, setChosen] = useState(defaultValue);
  const thumb = options.find((o) => o.value === chosen)?.thumb;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
      <Select id={id} name={name} label={label} defaultValue={defaultValue} error={error} options={options} onChange={(event) => setChosen(event.target.value)} />
      {thumb ? (
        <img src={thumb.src} alt="" width={thumb.width} height={thumb.height} className="mb-0.5 h-11 w-16 rounded border border-slate-300 bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="mb-0.5 h-11 w-16 rounded border border-dashed border-slate-300 bg-slate-50" />
      )}
    </div>
  );
}
