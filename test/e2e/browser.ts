import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it (apt-get install chromium). */
export const CHROMIUM = '/usr/bin/chromium';

/** Where the steps' screenshots go: kept as the run's artifacts, not in git. */
export const SCREENSHOTS = join(import.meta.dirname, '../../test-results/e2e');

/** Headless Chromium that makes no connection of its own (updates, sync, first-run pages). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium"`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Empties the screenshots folder, so it holds this run's pictures alone. */
export function clearScreenshots(): void {
  rmSync(SCREENSHOTS, { recursive: true, force: true });
}

/** Saves what the page shows now as `<name>.png` among the artifacts. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
