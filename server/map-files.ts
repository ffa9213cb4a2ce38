import path from "node:path";
import express from "express";
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
  router.get(PMTILES_URL_PATH, (_req, res, next) => {
    // send answers Range (206, or 416 outside the file), If-Range, conditional requests and HEAD.
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
