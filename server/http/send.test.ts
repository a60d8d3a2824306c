import { describe, expect, it } from 'vitest';
import { noAccessMessage } from './oidc-routes';
import { refusalPage } from './send';

describe('refusalPage', () => {
  it('escapes the message and the link, which may carry names an identity provider chose', () => {
    const page = refusalPage(403, noAccessMessage('<img src=x onerror=alert(1)>', 'Corp "SSO"'), {
      href: '/login?a=1&b="2"',
      text: 'Back <now>',
    });
    expect(page).toContain('<title>403</title>');
    expect(page).toContain('You signed in as &lt;img src=x onerror=alert(1)&gt;, but none of your groups');
    expect(page).toContain('at Corp &quot;SSO&quot; gives access to Rackpilot');
    expect(page).toContain('href="/login?a=1&amp;b=&quot;2&quot;">Back &lt;now&gt;</a>');
    expect(page).not.toContain('<img');
  });

  it('shows no link unless given one', () => {
    expect(refusalPage(401, "It's refused.")).toMatch(/<p>It&#39;s refused.<\/p><\/body>/);
  });
});
