/**
 * Structured data for search engines. Browsers never execute this script type, so CSP does not
 * apply; "<" is escaped so no text from the content can close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
