/** Debian's Chromium (CHROMIUM_PATH): the browser tests and the Lighthouse bench never download one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The flags the browser tests and the Lighthouse bench both launch Chromium with (each adds its own
 * headless flag): no sandbox or GPU in a container, and no background traffic to skew a measurement.
 */
export const chromiumFlags: string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
