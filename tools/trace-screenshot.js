// trace-screenshot.js HTML PNG [FIND]: opens a trace viewer page (catapult's
// trace2html output) in headless Chromium through playwright-core, selects
// the first slice named FIND (the viewer's find box) so that its details
// show, and saves the page as PNG.  Run by tools/trace-screenshot.sh.
//
// Environment: CHROMIUM (default /usr/bin/chromium), PLAYWRIGHT_DIR (a
// folder whose node_modules has playwright-core; default: node's search).
const path = require('path');
const where = process.env.PLAYWRIGHT_DIR;
const { chromium } = require(where ? path.join(where, 'node_modules', 'playwright-core')
                                   : 'playwright-core');

(async () => {
  const [html, png, find] = process.argv.slice(2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto('file://' + path.resolve(html));
    // The viewer imports the trace after the page loads.
    await page.waitForFunction(() => document.title !== '' &&
                               document.body.innerText.includes('simt workers'),
                               null, { timeout: 30000 }).catch(() => {});
    await page.waitForTimeout(1500);
    if (find) {
      const box = page.locator('tr-ui-find-control input[type="text"], tr-ui-find-control input:not([type])').first();
      await box.fill(find);
      await box.press('Enter');
      await page.waitForTimeout(1000);
    }
    await page.screenshot({ path: png });
  } finally {
    await browser.close();
  }
})().catch(e => { console.error('trace-screenshot: ' + e.message); process.exit(1); });
