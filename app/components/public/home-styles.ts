// Class lists shared by the home page and its below-the-fold sections (a separate chunk).
export const primaryBtn =
  "inline-flex items-center gap-2 rounded-md bg-leaf-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";
export const secondaryBtn =
  "inline-flex items-center gap-2 rounded-md border border-leaf-700 bg-white px-5 py-3 font-semibold text-leaf-800 hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";
export const sectionHeading = "text-2xl font-bold text-leaf-900";
export const moreLink =
  "inline-flex items-center gap-1 font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900";
