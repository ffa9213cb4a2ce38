import { Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { buttonClasses } from "../form-field";

/**
 * Downloads a list as CSV. The route's loader answers `?export=csv` with a text/csv attachment; a document request
 * to a UI route cannot pass that response through React Router unchanged, so the button fetches the loader's CSV
 * text and saves it as a file in the browser.
 */
export function CsvExportButton({ href, filename, label }: { href: string; filename: string; label: string }) {
  const fetcher = useFetcher<unknown>();
  const pending = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !pending.current) return;
    pending.current = false;
    if (typeof fetcher.data !== "string") return;
    const url = URL.createObjectURL(new Blob([fetcher.data], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, [fetcher.state, fetcher.data, filename]);
  return (
    <button
      type="button"
      className={buttonClasses.secondary}
      disabled={fetcher.state !== "idle"}
      onClick={() => {
        pending.current = true;
        fetcher.load(href);
      }}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {fetcher.state !== "idle" ? "Preparing CSV..." : label}
    </button>
  );
}

/** The dated file name the server also uses, so both paths produce the same name. */
export function csvFileName(prefix: string): string {
  return `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * True when `?export=csv` asks for the CSV. A browser navigation (Accept: text/html) is left to render the page:
 * React Router would otherwise put the CSV text where the page's data belongs.
 */
export function wantsCsvExport(request: Request): boolean {
  const url = new URL(request.url);
  if (url.searchParams.get("export") !== "csv") return false;
  return !(request.headers.get("Accept") ?? "").includes("text/html");
}
