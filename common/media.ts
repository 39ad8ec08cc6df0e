/** Uploads are named by a hash of the original, so their addresses never change. */

/** Never wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export function variantWidths(originalWidth: number): number[] {
  const widths = new Set<number>(VARIANT_WIDTHS.filter((w) => w < originalWidth));
  widths.add(Math.min(Math.max(1, Math.round(originalWidth)), VARIANT_WIDTHS.at(-1)!));
  return [...widths].sort((a, b) => a - b);
}

export function variantName(width: number, format: 'avif' | 'webp'): string {
  return `${width}.${format}`;
}

const UPLOADED = /^\/media\/u\/([a-f0-9]{8,40})\/\d+\.webp$/;

/** Null for a picture that is not an upload. */
export function uploadSrcSets(src: string, width: number): { avif: string; webp: string } | null {
  const key = UPLOADED.exec(src)?.[1];
  if (!key) return null;
  const set = (format: 'avif' | 'webp') => variantWidths(width).map((w) => `/media/u/${key}/${variantName(w, format)} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
