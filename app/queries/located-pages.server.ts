import pg from "pg";

/** One page of located places, column by column (cheap to copy between threads). */
export type LocatedColumns = {
  ids: string[];
  names: string[];
  markerTypes: string[];
  lats: Float64Array;
  lngs: Float64Array;
};

type LocatedPgRow = { id: string; name: string; marker_type: string; latitude: number; longitude: number };

/**
 * Reads every published place with coordinates straight from Postgres over a connection of its own, in pages of
 * `pageSize` in id order (keyset pagination), handing each page to `onPage` as columns. The map index's worker
 * thread calls this (decision 017): it cannot share the main thread's pool, and the main thread reads nothing.
 */
export async function readLocatedColumns(
  postgresUrl: string,
  pageSize: number,
  onPage: (page: LocatedColumns) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    let after: string | null = null;
    for (;;) {
      const result: pg.QueryResult<LocatedPgRow> = await client.query<LocatedPgRow>(
        `SELECT id, name, marker_type, latitude, longitude FROM locations
         WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND status = 'published'
           AND ($1::uuid IS NULL OR id > $1::uuid)
         ORDER BY id LIMIT $2`,
        [after, pageSize],
      );
      const rows = result.rows;
      onPage({
        ids: rows.map((r) => r.id),
        names: rows.map((r) => r.name),
        markerTypes: rows.map((r) => r.marker_type),
        lats: Float64Array.from(rows, (r) => r.latitude),
        lngs: Float64Array.from(rows, (r) => r.longitude),
      });
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1]?.id ?? null;
    }
  } finally {
    await client.end().catch(() => {});
  }
}
