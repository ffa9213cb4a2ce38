import type { ProjectCategoryId } from "../taxonomy";

/** Each project category's name as a message key, for the public forms' focus-area groups in the page's language. */
export const CATEGORY_KEYS: Record<ProjectCategoryId, string> = {
  agriculture: "formCommon.category.agriculture",
  building: "formCommon.category.building",
  education: "formCommon.category.education",
  conservation: "formCommon.category.conservation",
  waste: "formCommon.category.waste",
  tourism: "formCommon.category.tourism",
};
