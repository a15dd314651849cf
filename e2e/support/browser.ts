import { type Browser, chromium } from 'playwright-core';

// Debian's Chromium driven by playwright-core (architecture.md "tests"). Nothing is downloaded: the
// browser is the system's, and background networking is off so a test never reaches the internet.

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  // Chromium resolves *.localhost to loopback itself; the rule makes sure of it on every platform.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    headless: true,
  });
}
