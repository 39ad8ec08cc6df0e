import { PageHeader } from '../ui/PageHeader';

export function ContentIntro({ heading, intro }: { heading: string; intro?: string | string[] }) {
  const paragraphs = intro === undefined ? [] : Array.isArray(intro) ? intro : [intro];
  return (
    <PageHeader title={heading}>
      {paragraphs.length > 0 ? paragraphs.map((p) => <p key={p}>{p}</p>) : null}
    </PageHeader>
  );
}
