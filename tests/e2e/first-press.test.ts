/**
 * `/apply`'s first press (issue 19, item 1; decision 140): the scripts the press needs come in one wave with the
 * app, Bio Data's among them, after the largest paint. Timings are the bench's (bench/responsiveness/firstPress.ts);
 * this checks the order a person's phone would see. Reads the built app in dist/ (`npm run build`).
 */
import { describe, expect, it } from 'vitest';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

describe('/apply first press', () => {
  it('asks for the Bio Data screen and the whole app together, before the app has asked the server anything', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const order: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/.+\.js$|^\/api\//.test(path)) order.push(path.replace(/-[\w-]{8}\.js$/, '.js'));
    });
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    await page.getByText(/Applications are open for/).waitFor();
    const firstApiCall = order.findIndex((path) => path.startsWith('/api/'));
    expect(firstApiCall).toBeGreaterThan(0);
    const beforeTheApp = order.slice(0, firstApiCall);
    expect(beforeTheApp).toContain('/assets/BiodataScreen.js');
    expect(beforeTheApp).toContain('/assets/application.machine.js');
    expect(beforeTheApp).toContain('/assets/ApplicationShell.js');
    // The link tags are the page's own: none named in the HTML (nothing before the first paint, decision 097).
    const html = await (await fetch(`${server.url}/apply`)).text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    await page.close();
  });
});
