import { PageHeader } from '../ui/PageHeader';

/** Heading and introduction of a content page; the page bodies come with the public-pages work. */
export function ContentIntro({ heading, intro }: { heading: string; intro?: string | string[] }) {
  const paragraphs = intro === undefined ? [] : Array.isArray(intro) ? intro : [intro];
  return (
    <PageHeader title={heading}>
      {paragraphs.length > 0 ? paragraphs.map((p) => <p key={p}>{p}</p>) : null}
    </PageHeader>
  );
}
