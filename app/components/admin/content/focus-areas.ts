import type { SelectOption } from "~/components/forms/form-field";
import { PROJECT_CATEGORIES } from "~/lib/taxonomy";

/**
 * Focus areas grouped under their project category, for a checkbox group; the rest under `otherLabel`. `categoryLabel`
 * names a category (its English name unless given).
 */
export function focusAreaGroups(
  focusAreas: readonly { id: string; name: string; categoryId: string }[],
  otherLabel = "Other",
  categoryLabel: (category: (typeof PROJECT_CATEGORIES)[number]) => string = (c) => c.name,
): { label: string; options: SelectOption[] }[] {
  const groups: { label: string; options: SelectOption[] }[] = PROJECT_CATEGORIES.map((c) => ({
    label: categoryLabel(c),
    options: focusAreas.filter((f) => f.categoryId === c.id).map((f) => ({ value: f.id, label: f.name })),
  }));
  const other = focusAreas.filter((f) => !PROJECT_CATEGORIES.some((c) => c.id === f.categoryId));
  groups.push({ label: otherLabel, options: other.map((f) => ({ value: f.id, label: f.name })) });
  return groups.filter((g) => g.options.length > 0);
}
