import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs } from '../../chromiumArgs';

/** Debian's Chromium, headless, with this workplace's flags; never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
}
