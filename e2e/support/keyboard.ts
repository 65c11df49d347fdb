import type { Page } from "playwright-core";

/** Presses Tab until the focused element is the `role` named `name` (at most 60 presses). */
export async function tabTo(page: Page, role: "button" | "link", name: string): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      return;
    }
  }
  throw new Error(`Tab never reached ${role} "${name}"`);
}
