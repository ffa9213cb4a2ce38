import { useId } from "react";

export type Series = { name: string; color: string; values: number[] };

function niceMax(n: number): number {
  if (n <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  const m = n / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/**
 * A small line chart drawn as SVG on the server (no chart library, no layout shift), with the same figures in a
 * visually hidden table for screen readers.
 */
export function TimeSeriesChart({
  title,
  labels,
  series,
  height = 220,
  formatValue = (n) => n.toLocaleString("en"),
}: {
  title: string;
  labels: string[];
  series: Series[];
  height?: number;
  formatValue?: (n: number) => string;
}) {
  const id = useId();
  const width = 720;
  const pad = { top: 12, right: 12, bottom: 28, left: 48 };
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const n = Math.max(labels.length, 1);
  const x = (i: number) =>
    pad.left + (n === 1 ? (width - pad.left - pad.right) / 2 : (i * (width - pad.left - pad.right)) / (n - 1));
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const labelEvery = Math.max(1, Math.ceil(n / 8));
  return (
    <figure className="w-full">
      <figcaption id={`${id}-t`} className="mb-2 text-sm font-semibold text-stone-800">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-t`}>
        <title>{title}</title>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} stroke="#e7e5e4" />
            <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#57534e">
              {formatValue(v)}
            </text>
          </g>
        ))}
        {labels.map((l, i) =>
          i % labelEvery === 0 ? (
            <text key={l} x={x(i)} y={height - 8} textAnchor="middle" fontSize="11" fill="#57534e">
              {l}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name}>
            <polyline
              fill="none"
              stroke={s.color}
              strokeWidth="2.5"
              strokeLinejoin="round"
              points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
            />
            {n <= 60 &&
              s.values.map((v, i) => <circle key={labels[i] ?? i} cx={x(i)} cy={y(v)} r="3" fill={s.color} />)}
          </g>
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-stone-700">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-1 w-5 rounded" style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((l, i) => (
            <tr key={l}>
              <th scope="row">{l}</th>
              {series.map((s) => (
                <td key={s.name}>{formatValue(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
