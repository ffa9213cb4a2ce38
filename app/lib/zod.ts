import { z } from "zod";

// Zod probes `new Function` once to decide whether it may compile faster parsers. This site's CSP has no
// 'unsafe-eval', so in browsers the probe is reported as a CSP violation (and counted against the page by
// Lighthouse) even though Zod catches it. Browsers therefore run Zod without the probe; the server keeps it.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
