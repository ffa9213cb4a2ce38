import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { storageLimitsFromEnv } from "~server/storage/service";
import { AUDIO_ACCEPT, IMAGE_ACCEPT, UploadLimitContext, UploadZone } from "./upload-zone";

// A limit other than the usual 25 MB: the hint and the server must both follow the one shared value.
vi.mock("~/lib/storage/limits", () => ({ STORAGE_MAX_UPLOAD_BYTES: 10 * 1024 * 1024 }));

const zoneElement = (accept?: string) =>
  createElement(UploadZone, {
    onFiles: () => {},
    items: [],
    onCancel: () => {},
    onClear: () => {},
    folderLabel: "the top folder",
    accept,
  });
const zone = (accept?: string) => renderToStaticMarkup(zoneElement(accept));

describe("upload zone limit hint", () => {
  it("quotes the limit the server enforces by default, for every kind of file", () => {
    expect(storageLimitsFromEnv({}).maxUploadBytes).toBe(10 * 1024 * 1024);
    for (const accept of [undefined, IMAGE_ACCEPT, AUDIO_ACCEPT]) {
      const html = zone(accept);
      expect(html).toContain("up to 10 MB each");
      expect(html).not.toContain("25 MB");
    }
  });
});

describe("upload zone limit from the storage service", () => {
  it("quotes the limit the admin layout provides when the environment changes it", () => {
    const limit = storageLimitsFromEnv({ STORAGE_MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) }).maxUploadBytes;
    const html = renderToStaticMarkup(
      createElement(UploadLimitContext.Provider, { value: limit }, zoneElement(IMAGE_ACCEPT)),
    );
    expect(html).toContain("up to 5 MB each");
  });
});
