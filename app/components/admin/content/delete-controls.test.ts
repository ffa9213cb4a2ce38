import { describe, expect, it } from "vitest";
import { deleteLinks } from "./delete-controls";

describe("deleteLinks", () => {
  it("keeps the list's search and page but drops a pending confirmation", () => {
    const { here, params, confirmHref } = deleteLinks("/admin/dashboard/programs", "?q=seed&page=2&delete=old");
    expect(here).toBe("/admin/dashboard/programs?q=seed&page=2");
    expect(params.has("delete")).toBe(false);
    expect(confirmHref("new")).toBe("/admin/dashboard/programs?q=seed&page=2&delete=new");
  });

  it("gives the bare list address when nothing else is in it", () => {
    const { here, confirmHref } = deleteLinks("/admin/dashboard/programs", "?delete=old");
    expect(here).toBe("/admin/dashboard/programs");
    expect(confirmHref("a b")).toBe("/admin/dashboard/programs?delete=a+b");
  });
});
