import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_ID } from "./defer-hydration.server";
import { inlineScriptHashes } from "./script-hashes.server";

const sha = (text: string) => createHash("sha256").update(text).digest("base64");

describe("inlineScriptHashes", () => {
  it("hashes the scripts a page runs and the deferred bootstrap, not data blocks or external scripts", () => {
    const html = [
      "<html><head><style>p{}</style></head><body>",
      '<script type="application/ld+json">{"a":"é"}</script>',
      "<script>window.a = 1;</script>",
      '<script type="module">import "/x.js";</script>',
      '<script src="/assets/x.js"></script>',
      `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">import * as r from "/r.js";</script>`,
      "<script>window.a = 1;</script>",
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(html).sort()).toEqual(
      [sha("window.a = 1;"), sha('import "/x.js";'), sha('import * as r from "/r.js";')].sort(),
    );
  });

  it("hashes the UTF-8 bytes of the text, as browsers do", () => {
    expect(inlineScriptHashes("<script>var s='é→';</script>")).toEqual([sha("var s='é→';")]);
  });

  it("finds nothing to allow in a page without inline scripts", () => {
    expect(inlineScriptHashes("<p>no scripts</p><scripted>x</scripted>")).toEqual([]);
  });
});
