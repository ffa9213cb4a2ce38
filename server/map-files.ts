import fs from "node:fs";
import path from "node:path";
import express, { type Request } from "express";
import { MAP_COLORS } from "~/lib/map-config";
import { PMTILES_STYLE_URL_PATH, PMTILES_URL_PATH } from "./config";

/**
 * A self-hosted street map (MAP_PMTILES_PATH): the site serves the Protomaps archive itself, with HTTP Range
 * requests (MapLibre's `pmtiles` protocol reads the archive's header, directories and tiles as byte ranges), so no
 * tile server is needed. And a style for it: the layers of the Protomaps basemap schema in the site's palette.
 */

/** The archive's byte ranges may be kept for a day, then revalidated (its ETag changes when the file does). */
const ARCHIVE_MAX_AGE = "1d";

/**
 * The most one request may read of the archive. A PMTiles reader asks for the header and root directory (16 KiB),
 * then for leaf directories and tiles: a few hundred KB, a few MB at most. A planet archive is over 100 GB, so
 * neither the whole file nor an open-ended range is ever served.
 */
export const PMTILES_MAX_RANGE_BYTES = 16 * 1024 * 1024;

/** The archive's validator, as `send` makes it (weak, from size and modification time), so caches keep agreeing. */
function archiveEtag(stat: fs.Stats): string {
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
}

/**
 * Why a GET of the archive must not be answered as asked, or null when it asks for one byte range of a fitting
 * size. `send` would answer a request without a range, with several or malformed ranges, or with a stale If-Range
 * with the whole file (200): those are refused, as is one range over PMTILES_MAX_RANGE_BYTES.
 */
export function archiveRangeRefusal(req: Request, stat: fs.Stats): string | null {
  const header = req.headers.range;
  if (!header) return "This archive is read by byte ranges: send a Range header (bytes=start-end).";
  const ranges = req.range(stat.size, { combine: true });
  if (ranges === -1) return "The range is outside the archive.";
  if (ranges === undefined || ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1)
    return "Send one byte range (bytes=start-end).";
  const [range] = ranges;
  if (!range || range.end - range.start + 1 > PMTILES_MAX_RANGE_BYTES)
    return `A range may be at most ${PMTILES_MAX_RANGE_BYTES} bytes.`;
  // If-Range as `send` reads it: an ETag (quoted) must be the current one, a date no earlier than the last change.
  const ifRange = req.get("if-range");
  if (ifRange) {
    const fresh = ifRange.includes('"')
      ? ifRange.includes(archiveEtag(stat))
      : Math.floor(stat.mtimeMs / 1000) * 1000 <= Date.parse(ifRange);
    if (!fresh) return "The archive has changed since: read its header again.";
  }
  return null;
}

/**
 * A MapLibre style drawing a Protomaps basemap archive (layers earth, water, landcover, landuse, roads, boundaries,
 * buildings). No labels: text needs glyphs from a glyph server, and the site uses none. `pmtiles:///…` is a path on
 * this site; the map's script makes it absolute before loading the style.
 */
export function pmtilesStyle() {
  const c = MAP_COLORS;
  const source = "protomaps";
  const roads = (id: string, kinds: string[], color: string, width: [number, number, number, number]) => ({
    id,
    type: "line",
    source,
    "source-layer": "roads",
    filter: ["in", ["get", "kind"], ["literal", kinds]],
    layout: { "line-cap": "round", "line-join": "round" },
    paint: {
      "line-color": color,
      "line-width": ["interpolate", ["exponential", 1.6], ["zoom"], width[0], width[1], width[2], width[3]],
    },
  });
  return {
    version: 8,
    name: "Self-hosted (Protomaps basemap)",
    sources: {
      [source]: {
        type: "vector",
        url: `pmtiles://${PMTILES_URL_PATH}`,
        attribution:
          '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: [
      { id: "water-background", type: "background", paint: { "background-color": c.water } },
      { id: "earth", type: "fill", source, "source-layer": "earth", paint: { "fill-color": c.land } },
      {
        id: "landcover",
        type: "fill",
        source,
        "source-layer": "landcover",
        filter: ["in", ["get", "kind"], ["literal", ["forest", "grassland", "farmland"]]],
        paint: { "fill-color": "#dfe9d2", "fill-opacity": 0.6 },
      },
      {
        id: "landuse-green",
        type: "fill",
        source,
        "source-layer": "landuse",
        filter: [
          "in",
          ["get", "kind"],
          ["literal", ["park", "forest", "wood", "nature_reserve", "farmland", "garden"]],
        ],
        paint: { "fill-color": "#d6e6c6" },
      },
      { id: "water", type: "fill", source, "source-layer": "water", paint: { "fill-color": c.water } },
      {
        id: "buildings",
        type: "fill",
        source,
        "source-layer": "buildings",
        minzoom: 14,
        paint: { "fill-color": "#e2ddd3" },
      },
      roads("roads-minor", ["minor_road", "path", "other"], "#ffffff", [12, 0.5, 18, 10]),
      roads("roads-major", ["major_road", "highway"], "#fbf3dc", [6, 0.6, 18, 16]),
      {
        id: "boundaries",
        type: "line",
        source,
        "source-layer": "boundaries",
        filter: ["<=", ["get", "kind_detail"], 4],
        paint: { "line-color": c.border, "line-width": 1, "line-dasharray": [3, 2] },
      },
    ],
  };
}

/** Routes for MAP_PMTILES_PATH: the archive (with Range requests) and its style. */
export function mapFilesRouter(pmtilesPath: string): express.Router {
  const router = express.Router();
  const file = path.resolve(pmtilesPath);
  const style = JSON.stringify(pmtilesStyle());
  router.get(PMTILES_URL_PATH, async (req, res, next) => {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch (err) {
      return next(err);
    }
    // HEAD reads no bytes (a reader may ask for the size and ETag). A GET reads one range of a fitting size, else
    // 416 with the archive's size: what PMTiles readers expect of a server (FetchSource reads `bytes */size`).
    const refusal = req.method === "GET" ? archiveRangeRefusal(req, stat) : null;
    if (refusal) {
      res
        .status(416)
        .set({ "Content-Range": `bytes */${stat.size}`, "Accept-Ranges": "bytes", "Cache-Control": "no-store" })
        .type("text/plain; charset=utf-8")
        .send(refusal);
      return;
    }
    // The validator checked above is the one sent (send keeps an ETag already set).
    res.setHeader("ETag", archiveEtag(stat));
    // send answers the range (206), conditional requests (304) and HEAD.
    res.sendFile(
      file,
      {
        maxAge: ARCHIVE_MAX_AGE,
        acceptRanges: true,
        etag: true,
        lastModified: true,
        headers: { "Content-Type": "application/vnd.pmtiles" },
      },
      (err) => {
        if (err && !res.headersSent) next(err);
      },
    );
  });
  router.get(PMTILES_STYLE_URL_PATH, (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/json").send(style);
  });
  return router;
}
