import { PROJECT_CATEGORIES } from "~/lib/taxonomy";
import type { SelectOption } from "../form-field";

/** Focus areas grouped under their project category, for a checkbox group; the rest under `otherLabel`. */
export function focusAreaGroups(
  focusAreas: readonly { id: string; name: string; categoryId: string }[],
  otherLabel = "Other",
): { label: string; options: SelectOption[] }[] {
  const groups: { label: string; options: SelectOption[] }[] = PROJECT_CATEGORIES.map((c) => ({
    label: c.name as string,
    options: focusAreas.filter((f) => f.categoryId === c.id).map((f) => ({ value: f.id, label: f.name })),
  }));
  const other = focusAreas.filter((f) => !PROJECT_CATEGORIES.some((c) => c.id === f.categoryId));
  groups.push({ label: otherLabel, options: other.map((f) => ({ value: f.id, label: f.name })) });
  return groups.filter((g) => g.options.length > 0);
}
