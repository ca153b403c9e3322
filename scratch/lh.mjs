import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const url = process.argv[2];
for (let i = 0; i < 2; i++) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  console.log('CLS', a['cumulative-layout-shift'].numericValue, a['cumulative-layout-shift'].errorMessage ?? '', 'TBT', a['total-blocking-time'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue, 'DOM', a['dom-size']?.numericValue);
  console.log('breakdown', JSON.stringify(a['mainthread-work-breakdown'].details.items.map(i => [i.group, Math.round(i.duration)])));
  console.log('long tasks', JSON.stringify((a['long-tasks']?.details?.items ?? []).map(i => [i.url?.slice(-40), Math.round(i.startTime), Math.round(i.duration)])));
}
chrome.kill();
