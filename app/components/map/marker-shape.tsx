import { markerPath, markerStyle } from "./marker-style";

/** One marker glyph, for SVG maps and the legend. */
export function MarkerShape({
  markerType,
  x = 0,
  y = 0,
  r = 6,
}: {
  markerType: string | null | undefined;
  x?: number;
  y?: number;
  r?: number;
}) {
  const style = markerStyle(markerType);
  return (
    <path
      d={markerPath(style.shape, r)}
      transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
      fill={style.color}
      stroke="#ffffff"
      strokeWidth={1.5}
    />
  );
}
