/**
 * The licences staff may publish the directory's data under (Admin → Site settings, decision 057). One list for
 * every place that states it: the terms page (`{{data-licence}}`), and the open-data feeds and dumps, which read the
 * chosen one from the site settings by its SPDX identifier. Names and addresses are the licences' own; the names are
 * proper names and stay in English on pages in every language.
 */
export const DATA_LICENCES = [
  {
    spdx: "CC-BY-4.0",
    name: "Creative Commons Attribution 4.0 International",
    shortName: "CC BY 4.0",
    url: "https://creativecommons.org/licenses/by/4.0/",
    /** For staff choosing: what reusers must do, and where the data can go. */
    note: "Reuse for any purpose, commercial included, with credit. Wikidata cannot import it (Wikidata takes only CC0); OpenStreetMap only with a written waiver of the attribution terms.",
  },
  {
    spdx: "ODbL-1.0",
    name: "Open Data Commons Open Database License 1.0",
    shortName: "ODbL 1.0",
    url: "https://opendatacommons.org/licenses/odbl/1-0/",
    note: "Reuse for any purpose with credit; a database made from it must be shared under the ODbL too. OpenStreetMap's own licence, so OpenStreetMap can take it; Wikidata cannot.",
  },
  {
    spdx: "CC0-1.0",
    name: "Creative Commons Zero v1.0 Universal",
    shortName: "CC0 1.0",
    url: "https://creativecommons.org/publicdomain/zero/1.0/",
    note: "Public domain: reuse for any purpose, credit appreciated but not required. Both Wikidata and OpenStreetMap can take it.",
  },
] as const;

export type DataLicence = (typeof DATA_LICENCES)[number];
export type DataLicenceId = DataLicence["spdx"];

export const DATA_LICENCE_IDS = DATA_LICENCES.map((l) => l.spdx) as [DataLicenceId, ...DataLicenceId[]];

/** What a site publishes under until staff choose: CC BY 4.0, open (commercial reuse included) and with credit. */
export const DEFAULT_DATA_LICENCE: DataLicenceId = "CC-BY-4.0";

/** The longest attribution text staff may set (Site settings). */
export const DATA_ATTRIBUTION_MAX = 300;

/**
 * The credit reusers give (Site settings' attribution text), as the open data states it beside the licence: staff's
 * text, or "© <site name> contributors" while they have not written one.
 */
export function dataAttribution(saved: string | undefined, siteName: string): string {
  return saved?.trim() || `© ${siteName} contributors`;
}

/** The licence of a stored setting, read defensively: anything that is not on the list is the default. */
export function dataLicence(id: unknown): DataLicence {
  return (
    DATA_LICENCES.find((l) => l.spdx === id) ??
    (DATA_LICENCES.find((l) => l.spdx === DEFAULT_DATA_LICENCE) as DataLicence)
  );
}

/** The licence and credit of the published data, from Site settings (every open-data answer, file and page states them). */
export function dataTerms(
  general: { dataLicence?: unknown; dataAttribution?: string },
  siteName: string,
): { licence: DataLicence; attribution: string } {
  return { licence: dataLicence(general.dataLicence), attribution: dataAttribution(general.dataAttribution, siteName) };
}
