import { AppLink } from "../app-link";

/** Focus areas as small chips; with ids they link to the location list filtered by that focus area. */
export function TagList({
  tags,
  label,
  linkTo,
}: {
  tags: { id?: string; name: string }[];
  label: string;
  linkTo?: (tag: { id?: string; name: string }) => string | undefined;
}) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((t) => {
        const href = linkTo?.(t);
        const cls = "inline-block rounded-full bg-leaf-100 px-3 py-1 text-sm text-leaf-900";
        return (
          <li key={t.id ?? t.name}>
            {href ? (
              <AppLink to={href} className={`${cls} hover:bg-leaf-200 hover:underline`}>
                {t.name}
              </AppLink>
            ) : (
              <span className={cls}>{t.name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
