import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function redirect(
  res: ServerResponse,
  location: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(302, { location, 'cache-control': 'no-store', ...headers });
  res.end();
}

/** A bare page for refusals that must show nothing else (bad wall token, forbidden page). */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A page with one message (escaped: it may carry a name an identity provider chose) and an optional link. */
export function refusalPage(status: number, message: string, link?: { href: string; text: string }): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
  const linkHtml = link
    ? `<p><a style="color:#7dd3fc" href="${escape(link.href)}">${escape(link.text)}</a></p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title></head>` +
    `<body style="background:#020617;color:#e2e8f0;font:18px system-ui;padding:3rem"><p>${escape(message)}</p>${linkHtml}</body></html>`
  );
}

export function sendRefusal(
  res: ServerResponse,
  status: number,
  message: string,
  link?: { href: string; text: string },
): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(refusalPage(status, message, link));
}
