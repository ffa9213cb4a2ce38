/** 12345 -> "12,345", the same on the server and in every browser (toLocaleString is slow the first time). */
export function formatInteger(value: number): string {
  const n = Math.round(value);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/** A count that may have stopped at a cap: 1000 and capped -> "1,000+". */
export function formatCount(value: number, capped: boolean): string {
  return capped ? `${formatInteger(value)}+` : formatInteger(value);
}
