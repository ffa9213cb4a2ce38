import { createContext, useContext } from "react";
import appCssHref from "~/app.css?url";

export { appCssHref };

/** The site's stylesheet text, given by the server renderer when the built file can be inlined. */
export const InlineCssContext = createContext<string | null>(null);

const STYLE_ID = "app-css";
let cssInDocument: string | null | undefined;

/** In the browser the inlined text is already in the document; hydration renders exactly what is there. */
function readCssFromDocument(): string | null {
  if (cssInDocument === undefined) cssInDocument = document.getElementById(STYLE_ID)?.textContent ?? null;
  return cssInDocument;
}

/**
 * The site's stylesheet, inlined in production so the first paint waits for no second request (the whole file is
 * about 10 KB compressed, so it is all "critical"). In development, or if the file cannot be read, it is linked.
 */
export function AppStylesheet() {
  const serverCss = useContext(InlineCssContext);
  const css = typeof document === "undefined" ? serverCss : readCssFromDocument();
  if (css) {
    return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
  }
  return <link rel="stylesheet" href={appCssHref} />;
}
