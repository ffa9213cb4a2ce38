import { CATEGORY_KEYS } from "~/lib/i18n/categories";
import { useTranslation } from "~/lib/i18n/react";
import { type FormValues, listValue } from "~/lib/schemas/form";
import { PROJECT_CATEGORIES } from "~/lib/taxonomy";
import { CheckboxGroup, type SelectOption } from "./form-field";

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

/** The focus-area checkboxes every content form has (staff's and the public "suggest a place"), grouped by category. */
export function FocusAreasField({
  focusAreas,
  values,
  error,
}: {
  focusAreas: readonly { id: string; name: string; categoryId: string }[];
  values: FormValues;
  error?: string;
}) {
  // English on staff's screens; a public form's page language elsewhere.
  const { t } = useTranslation();
  return (
    <CheckboxGroup
      name="focusAreas"
      legend={t("formCommon.field.focusAreas")}
      groups={focusAreaGroups(focusAreas, t("formCommon.otherFocusAreas"), (c) => t(CATEGORY_KEYS[c.id]))}
      defaultValues={listValue(values, "focusAreas")}
      error={error}
    />
  );
}
