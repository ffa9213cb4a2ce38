import type { Language } from "./i18n/languages";

/**
 * What the home page's sections show of each featured place, upcoming program and recent episode: the shape the
 * home page's loader (services/site/home.server.ts) gives them in, declared here so the component that renders them
 * (components/public/home-sections.tsx) need not import the route's generated types (decision 064).
 */
export type HomeCards = {
  featured: {
    id: string;
    name: string;
    nameLang: Language | null;
    path: string;
    country: string;
    shortDescription: string;
    summaryLang: Language | null;
    webpImageUrl: string | null;
    originalImageUrl: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
  }[];
  upcoming: {
    id: string;
    /** The original name: the program's address is made from it. */
    name: string;
    shownName: string;
    nameLang: Language | null;
    startDate: string | null;
    endDate: string | null;
    format: string;
    locationName: string | null;
    locationCity: string | null;
    locationCountry: string | null;
    summary: string;
    summaryLang: Language | null;
  }[];
  episodes: {
    id: string;
    number: number;
    title: string;
    titleLang: Language | null;
    summary: string;
    summaryLang: Language | null;
    guest: string;
    durationSeconds: number;
    publishedAt: string;
  }[];
};
