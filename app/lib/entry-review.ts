import type { EntryStatus } from "./vocabulary";

/** One of an entry's revisions as its edit screen lists them (the service builds them, the component shows them). */
export type RevisionView = {
  id: number;
  at: string;
  by: string;
  fromSuggestion: boolean;
  reverts: number | null;
  /** The revision that created the entry: there is nothing before it to put back. */
  created: boolean;
  changes: { field: string; from: string; to: string }[];
};

/** A place that may be the same as the one being edited or proposed, and why it looks so. */
export type LikelyDuplicate = {
  id: string;
  name: string;
  status: EntryStatus;
  country: string;
  city: string | null;
  /** Name similarity, 0 to 1 (trigrams). */
  score: number;
  distanceKm: number | null;
  sameWebsite: boolean;
  sameEmailDomain: boolean;
};
