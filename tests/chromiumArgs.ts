/**
 * Flags for Debian's Chromium in this workplace: no sandbox (tests run as root), no GPU,
 * and no background traffic (the network is closed; connections would be refused).
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];
