/** A location's or program's URL slug: its name with spaces as hyphens. */
export function slugFromName(name: string): string {
  return name.replaceAll(" ", "-");
}

/** The reverse mapping: hyphens back to spaces. */
export function nameFromSlug(slug: string): string {
  return slug.replaceAll("-", " ");
}

export function locationPath(name: string): string {
  return `/location/${encodeURIComponent(slugFromName(name))}`;
}

export function programPath(name: string): string {
  return `/program/${encodeURIComponent(slugFromName(name))}`;
}
