/** The sandbox's own small HTML pages (people's page, identity service, social window). */
import { escapeHtml } from './http.ts';

export { escapeHtml };

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { max-inline-size: 64rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
  h1 { color: #1f7a32; }
  table { border-collapse: collapse; inline-size: 100%; margin-block-end: 1.5rem; }
  caption { text-align: start; font-weight: 600; padding-block: .5rem; }
  th, td { border: 1px solid #8888; padding: .35rem .5rem; text-align: start; vertical-align: top; }
  code, .ltr { direction: ltr; unicode-bidi: isolate; }
  button, .button { font: inherit; padding: .4rem 1rem; border-radius: .4rem; border: 1px solid #1f7a32;
    background: #3ab54e; color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
  button.secondary { background: transparent; color: inherit; }
  form.inline { display: inline; }
  :focus-visible { outline: 3px solid #1f7a32; outline-offset: 2px; }
`;

/** A whole page. `body` (and `head`, more of the head) must already be escaped. */
export function htmlPage(title: string, body: string, script = '', head = ''): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${head}
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
${script ? `<script>${script}</script>` : ''}
</body>
</html>
`;
}

/** Headers of the sandbox's own pages. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};
