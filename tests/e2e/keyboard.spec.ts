/**
 * Keyboard use beyond what the page specs cover: focus never hidden under the sticky header
 * (WCAG 2.2 2.4.11), the mobile menu, the FAQ accordion, the featured carousel and the
 * thumbnail strip by keyboard alone.
 */
import { expect, type Page, test } from "@playwright/test";
import { listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";

/**
 * Where the focused element is hidden: "" when its centre is visible in the viewport (what is
 * drawn there is the element or inside it), otherwise what covers it.
 */
function focusObstruction(page: Page): Promise<{ focused: string; covered: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { focused: "body", covered: "" };
    const describe = (node: Element | null) =>
      node
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(" ")[0]}` : ""} "${(node.textContent ?? "").trim().slice(0, 30)}"`
        : "outside the viewport";
    // A whole-card link draws its focus ring on the card: its box is the card's.
    const box = element.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = box.top + Math.min(box.height / 2, 10);
    const drawn = y >= 0 && y < window.innerHeight ? document.elementFromPoint(x, y) : null;
    const visible =
      drawn !== null &&
      (element.contains(drawn) || drawn.contains(element) || element.closest("label") === drawn);
    return { focused: describe(element), covered: visible ? "" : describe(drawn) };
  });
}

/** Tabs forward `count` times, then back, checking every focus stop. */
async function expectFocusNeverObscured(page: Page, count: number) {
  const hidden: string[] = [];
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let step = 0; step < count; step++) {
      await page.keyboard.press(key);
      const { focused, covered } = await focusObstruction(page);
      if (covered) hidden.push(`${key} #${step + 1}: ${focused} under ${covered}`);
    }
  }
  expect(hidden).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of ["/property/{slug}", "/search", "/faq"]) {
      test(`on ${path} no focused element is hidden under the sticky header`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.emulateMedia({ reducedMotion: "reduce" });
        const [first] = await listProperties();
        await gotoHydrated(page, path.replace("{slug}", first!.slug));
        await expectFocusNeverObscured(page, 60);
      });
    }
  });
}

test.describe("the mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // /about hydrates React; the home page runs the enhancement module (decision 021).
  for (const path of ["/about", "/"]) {
    test(`on ${path} opens by keyboard, gives focus back on Escape and closes when focus moves on`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      const button = page.getByRole("button", { name: "Menu" });
      const nav = page.getByRole("navigation", { name: "Main" });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press("Space");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      const links = await nav.getByRole("link").count();
      for (let step = 0; step < links; step++) await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Investment" })).toBeFocused();
      // The header's shortlist link (decision 047) is still in the header, beside the open menu.
      await page.keyboard.press("Tab");
      await expect(page.locator("a[data-shortlist-link]")).toBeFocused();
      await expect(nav).toBeVisible();
      // One more Tab leaves the header: the menu must not stay over the focused content.
      await page.keyboard.press("Tab");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(nav).toBeHidden();
    });
  }
});

test("the FAQ accordion opens and closes with Enter and Space, its answer next in tab order", async ({
  page,
}) => {
  await gotoHydrated(page, "/faq");
  const question = page.getByRole("tabpanel").locator(".accordion__button").nth(1);
  const answer = page.locator(`#${await question.getAttribute("aria-controls")}`);
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(answer).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(answer.getByRole("link", { name: "Yes" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await expect(question).toHaveAttribute("aria-expanded", "false");
  await expect(answer).toBeHidden();
});
