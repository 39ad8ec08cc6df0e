import { escapeHtml } from './html';
import { siteFooterHtml, type MailSiteFacts } from './site';

/**
 * One readable column with system fonts, 16px text and contrast above WCAG AA; inline styles because
 * many mail programs drop <style>. role="article" lets screen readers in webmail find the message.
 */
export function htmlDocument({ title, body, site }: { title: string; body: string; site: MailSiteFacts }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div role="article" aria-label="${escapeHtml(title)}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">
${body}
${siteFooterHtml(site)}
</div>
</body>
</html>
`;
}
