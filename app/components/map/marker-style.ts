import { DEFAULT_MARKER_TYPE, MARKER_TYPES, type MarkerType } from "~/lib/taxonomy";

/**
 * How each marker type is drawn. Colour is never the only cue (WCAG 1.4.1): every type also has its own
 * shape, and colours keep at least 3:1 against the land and water fills (WCAG 1.4.11).
 */
export type MarkerStyle = {
  /** The message key of the type's name ("Farm"), read with the page's `t`. */
  label: string;
  color: string;
  shape: "circle" | "square" | "triangle" | "diamond";
};

export const MARKER_STYLES: Record<MarkerType, MarkerStyle> = {
  standard: { label: "map.markerStandard", color: "#2f6b2f", shape: "circle" },
  school: { label: "map.markerSchool", color: "#1d4ed8", shape: "square" },
  farm: { label: "map.markerFarm", color: "#a14a06", shape: "triangle" },
  ecovillage: { label: "map.markerEcovillage", color: "#7e22ce", shape: "diamond" },
};

export function toMarkerType(value: string | null | undefined): MarkerType {
  return (MARKER_TYPES as readonly string[]).includes(value ?? "") ? (value as MarkerType) : DEFAULT_MARKER_TYPE;
}

export function markerStyle(value: string | null | undefined): MarkerStyle {
  return MARKER_STYLES[toMarkerType(value)];
}

/** An SVG path for a marker shape of radius r centred on 0,0. */
export function markerPath(shape: MarkerStyle["shape"], r: number): string {
  switch (shape) {
    case "square":
      return `M${-r * 0.85} ${-r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}z`;
    case "triangle":
      return `M0 ${-r * 1.1}L${r * 1.05} ${r * 0.8}H${-r * 1.05}z`;
    case "diamond":
      return `M0 ${-r * 1.15}L${r * 1.15} 0L0 ${r * 1.15}L${-r * 1.15} 0z`;
    default:
      return `M${-r} 0a${r} ${r} 0 1 0 ${r * 2} 0a${r} ${r} 0 1 0 ${-r * 2} 0`;
  }
}
