import { chromium } from 'playwright-core';
const url = process.argv[2]; const rate = Number(process.argv[3] ?? 4);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (let run = 0; run < 3; run++) {
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate });
await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
const lt = await page.evaluate(() => window.__lt);
const tbt = lt.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
console.log('run', run, 'long tasks', JSON.stringify(lt), 'blocking', tbt);
if (run === 2) (await import('node:fs')).writeFileSync('/tmp/an/page.cpuprofile', JSON.stringify(profile));
await page.close();
}
await browser.close();
