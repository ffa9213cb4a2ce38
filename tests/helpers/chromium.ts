/**
 * How the browser tests and the browser benchmarks launch Debian's Chromium: headless in a container, with nothing
 * running in the background that would add requests or work of its own to what is measured.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};
