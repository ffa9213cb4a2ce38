import { expect, it } from "vitest";
import { ALL_PAGES_VISIBLE, NAV_PAGE_KEYS } from "../../lib/navigation";
import { allPagesVisible, SHELL_NAV_PAGE_KEYS } from "./nav-pages";

it("the shell's copy of the navigation keys matches the settings module", () => {
  expect([...SHELL_NAV_PAGE_KEYS]).toEqual([...NAV_PAGE_KEYS]);
  expect(allPagesVisible()).toEqual(ALL_PAGES_VISIBLE);
});
