// A bench server that measures React's own share of a page: it reads a page's HTML once, turns it into React
// elements (host elements only: no components, no hooks, no router, no data) and renders them again with React DOM's
// production build for every request. What it serves is the same markup as the real page, so its throughput is an
// upper bound for any React render of that page on this machine.
//
//   NODE_ENV=production node --import tsx scripts/bench/servers/react-markup.ts PAGE.html PORT [PROCESSES]
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";

const [file, port, processes = "1"] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: react-markup.ts PAGE.html PORT [PROCESSES]");

// React's names for the HTML attributes the site's pages use; the rest pass through as written.
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  charset: "charSet",
  crossorigin: "crossOrigin",
  "http-equiv": "httpEquiv",
};
const BOOLEAN_ATTRIBUTES = new Set(["hidden", "disabled", "checked", "selected", "required", "async", "defer", "open"]);

function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of css.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    if (!name) continue;
    const key = name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[key] = declaration.slice(colon + 1).trim();
  }
  return style;
}

let nextKey = 0;
function toReact(node: ChildNode): ReactNode {
  if (node.type === "text") return node.data;
  if (node.type !== "tag" && node.type !== "script" && node.type !== "style") return null;
  const element = node as Element;
  const props: Record<string, unknown> = { key: nextKey++ };
  for (const [name, value] of Object.entries(element.attribs)) {
    if (name === "style") props.style = styleObject(value);
    else if (BOOLEAN_ATTRIBUTES.has(name)) props[name] = true;
    else props[PROP_NAMES[name] ?? name] = value;
  }
  if (element.name === "script" || element.name === "style") {
    const text = element.children.map((c) => (c.type === "text" ? c.data : "")).join("");
    return createElement(element.name, { ...props, dangerouslySetInnerHTML: { __html: text } });
  }
  return createElement(element.name, props, ...element.children.map(toReact));
}

if (cluster.isPrimary && Number(processes) > 1) {
  for (let i = 0; i < Number(processes); i++) cluster.fork();
} else {
  const root = parseDocument(fs.readFileSync(file, "utf8")).children.find(
    (c): c is Element => c.type === "tag" && c.name === "html",
  );
  if (!root) throw new Error(`${file} has no <html> element`);
  const page = toReact(root);
  http
    .createServer((_req, res) => {
      const body = `<!DOCTYPE html>${renderToString(page)}`;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(body) });
      res.end(body);
    })
    .listen(Number(port), "127.0.0.1");
}
