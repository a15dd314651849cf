import { chromium } from 'playwright-core';
import fs from 'node:fs';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await browser.startTracing(page, { path: '/tmp/an/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'toplevel'] });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(2500);
await browser.stopTracing();
await browser.close();
const { traceEvents } = JSON.parse(fs.readFileSync('/tmp/an/trace.json', 'utf8'));
const main = traceEvents.find(e => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const ev = traceEvents.filter(e => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const tasks = ev.filter(e => e.name === 'RunTask' && e.dur > 30000);
for (const t of tasks) {
  const inner = ev.filter(e => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
  const by = new Map();
  for (const e of inner) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
  const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(' ');
  console.log(`task ${(t.dur / 1000).toFixed(0)} ms: ${top}`);
}
