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

  /** `text`: the data file's lines (name, country code, population, longitude, latitude; "#" lines are comments). */
  constructor(text: string) {
    const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
    const n = lines.length;
    this.lngs = new Float32Array(n);
    this.lats = new Float32Array(n);
    this.populations = new Uint32Array(n);
    this.countryIndex = new Uint8Array(n);
    this.nameStarts = new Uint32Array(n + 1);
    const codes = new Map<string, number>();
    const names: string[] = [];
    let bytes = 0;
    let count = 0;
    for (const line of lines) {
      const [name = "", cc = "", population, lng, lat] = line.split("\t");
      const x = Number(lng);
      const y = Number(lat);
      if (!name || !Number.isFinite(x) || !Number.isFinite(y)) continue;
      let code = codes.get(cc);
      if (code === undefined) {
        code = codes.size;
        codes.set(cc, code);
      }
      this.lngs[count] = x;
      this.lats[count] = y;
      this.populations[count] = Number(population) || 0;
      this.countryIndex[count] = code;
      names.push(name);
      bytes += Buffer.byteLength(name);
      this.nameStarts[count + 1] = bytes;
      count++;
    }
    this.size = count;
    this.countryCodes = [...codes.keys()];
    this.nameBytes = Buffer.from(names.join(""));
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
  loaded ??= new PopulatedPlaces(fs.readFileSync(placesFile(), "utf8"));
  return loaded;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** The English name of a country from its ISO code ("KE" → "Kenya"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
