import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { around, distance } from "geokdbush";
import KDBush from "kdbush";

/**
 * The populated places of app/map-data/places.tsv (GeoNames, places of 15,000 inhabitants or more; see
 * scripts/map-data/build-places.ts), read on first use and kept in typed arrays: about 23,000 places in ~1.3 MB,
 * nothing per place for the collector to walk. The map names its groups of places after them ("around Adelaide,
 * Australia") and the server-drawn map labels its zoomed-in views with them.
 */

/** Where the data file is: beside the sources (tests, `npm run dev`), above a build's bundles, or in the working directory. */
export function placesFile(): string {
  const candidates = [
    fileURLToPath(new URL("../map-data/places.tsv", import.meta.url)),
    // The server's bundles sit in the build directory, one level below the project.
    fileURLToPath(new URL("../app/map-data/places.tsv", import.meta.url)),
    path.resolve(process.cwd(), "app/map-data/places.tsv"),
  ];
  return candidates.find((file) => fs.existsSync(file)) ?? (candidates[candidates.length - 1] as string);
}

const NEWLINE = 0x0a;
const TAB = 0x09;
const HASH = 0x23;

/** A decimal number written in bytes [from, to) ("-58.377", "1225235"); NaN when it is not one. */
function parseNumber(bytes: Buffer, from: number, to: number): number {
  let i = from;
  let sign = 1;
  if (bytes[i] === 0x2d) {
    sign = -1;
    i++;
  }
  let value = 0;
  let scale = 0;
  let digits = 0;
  for (; i < to; i++) {
    const b = bytes[i] as number;
    if (b === 0x2e && scale === 0) scale = 1;
    else if (b >= 0x30 && b <= 0x39) {
      value = value * 10 + (b - 0x30);
      digits++;
      if (scale > 0) scale *= 10;
    } else if (b !== 0x0d) return Number.NaN;
  }
  if (digits === 0) return Number.NaN;
  return (sign * value) / (scale || 1);
}

export class PopulatedPlaces {
  readonly size: number;
  private readonly lngs: Float32Array;
  private readonly lats: Float32Array;
  private readonly populations: Uint32Array;
  private readonly countryIndex: Uint8Array;
  private readonly countryCodes: string[];
  private readonly nameBytes: Buffer;
  private readonly nameStarts: Uint32Array;
  private readonly index: KDBush;

  /**
   * `data`: the data file (name, country code, population, longitude, latitude, tab-separated; "#" lines are
   * comments). Read byte by byte, so that making the index allocates no string per place or field: the file's
   * transient strings would cost the map index worker several times the index's own size in resident memory.
   */
  constructor(data: Buffer | string) {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    let lines = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) lines++;
    lines++;
    this.lngs = new Float32Array(lines);
    this.lats = new Float32Array(lines);
    this.populations = new Uint32Array(lines);
    this.countryIndex = new Uint8Array(lines);
    this.nameStarts = new Uint32Array(lines + 1);
    const names = Buffer.alloc(bytes.length);
    const codes = new Map<number, number>();
    const codeText: string[] = [];
    let used = 0;
    let count = 0;
    let at = 0;
    while (at < bytes.length) {
      let end = bytes.indexOf(NEWLINE, at);
      if (end < 0) end = bytes.length;
      const fields: number[] = [at];
      for (let i = at; i < end; i++) if (bytes[i] === TAB) fields.push(i + 1);
      const lineStart = at;
      at = end + 1;
      if (bytes[lineStart] === HASH || fields.length < 5) continue;
      const [nameAt = 0, codeAt = 0, popAt = 0, lngAt = 0, latAt = 0] = fields;
      const lng = parseNumber(bytes, lngAt, latAt - 1);
      const lat = parseNumber(bytes, latAt, end);
      if (codeAt - 1 <= nameAt || !Number.isFinite(lng) || !Number.isFinite(lat)) continue;
      const key = ((bytes[codeAt] as number) << 8) | (bytes[codeAt + 1] as number);
      let code = codes.get(key);
      if (code === undefined) {
        code = codes.size;
        codes.set(key, code);
        codeText.push(bytes.toString("latin1", codeAt, codeAt + 2));
      }
      used += bytes.copy(names, used, nameAt, codeAt - 1);
      this.nameStarts[count + 1] = used;
      this.lngs[count] = lng;
      this.lats[count] = lat;
      this.populations[count] = Math.max(0, parseNumber(bytes, popAt, lngAt - 1)) || 0;
      this.countryIndex[count] = code;
      count++;
    }
    this.size = count;
    this.countryCodes = codeText;
    this.nameBytes = Buffer.from(names.subarray(0, used));
    this.index = new KDBush(Math.max(1, count));
    for (let i = 0; i < count; i++) this.index.add(this.lngs[i] as number, this.lats[i] as number);
    if (count === 0) this.index.add(0, 0);
    this.index.finish();
  }

  lng(i: number): number {
    return this.lngs[i] as number;
  }

  lat(i: number): number {
    return this.lats[i] as number;
  }

  population(i: number): number {
    return this.populations[i] as number;
  }

  name(i: number): string {
    return this.nameBytes.toString("utf8", this.nameStarts[i], this.nameStarts[i + 1]);
  }

  /** ISO 3166-1 alpha-2 code of the place's country. */
  countryCode(i: number): string {
    return this.countryCodes[this.countryIndex[i] as number] ?? "";
  }

  /** The place nearest to a point within `maxKm`, or -1. */
  nearest(lng: number, lat: number, maxKm: number): number {
    if (this.size === 0) return -1;
    return around(this.index, lng, lat, 1, maxKm)[0] ?? -1;
  }

  /** The places within `km` of a point, nearest first. */
  within(lng: number, lat: number, km: number, max = Number.POSITIVE_INFINITY): number[] {
    if (this.size === 0) return [];
    return around(this.index, lng, lat, max, km);
  }

  /** The places in a box (west, south, east, north; west ≤ east, within ±180), in file order: most populous first. */
  inBox(west: number, south: number, east: number, north: number): number[] {
    if (this.size === 0) return [];
    return this.index.range(west, south, east, north).sort((a, b) => a - b);
  }

  /** Great-circle distance in km between a place and a point. */
  distanceKm(i: number, lng: number, lat: number): number {
    return distance(this.lng(i), this.lat(i), lng, lat);
  }
}

let loaded: PopulatedPlaces | null = null;

/** The site's populated places, read from disk on first use (never at start: most requests need none). */
export function populatedPlaces(): PopulatedPlaces {
  loaded ??= new PopulatedPlaces(fs.readFileSync(placesFile()));
  return loaded;
}
