/**
 * The end-to-end specs' one way to scan a page with axe (decision 107).
 *
 * Every scan runs in axe's "legacy" frame mode: axe runs once in the page, where the default
 * (axe-core 4.3's) runs it in each frame and then opens a blank page of its own, injects axe
 * again and gathers the results there. Our pages hold no iframe a scan could reach (the video
 * and the map frame appear only when a visitor asks for them, and their hosts are not reachable
 * in tests), so both modes see the same nodes and report the same violations; the blank page
 * and the second injection cost about half of every scan's time on two cores.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.2 A and AA rules (with 2.0's and 2.1's) the SPEC's pages are held to. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/** A scan of the page (every rule unless narrowed), to narrow further or to analyze. */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** One line per violated rule: its id, its impact and where (the first three nodes). */
export function describeViolation(violation: Violations[number]): string {
  return `${violation.id} (${violation.impact}): ${violation.nodes
    .slice(0, 3)
    .map((node) => `${node.target.join(" ")} ${node.html.slice(0, 120)}`)
    .join(", ")}`;
}

/** Of these violations, the serious and critical ones of the WCAG A/AA rules, one line each. */
export function seriousWcag(violations: Violations): string[] {
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .filter((violation) => violation.tags.some((tag) => wcagTags.includes(tag)))
    .map(describeViolation);
}

/**
 * axe's serious and critical WCAG A/AA violations on the page (or within `include`'s
 * selectors), one line per rule.
 */
export async function seriousViolations(
  page: Page,
  include: readonly string[] = [],
): Promise<string[]> {
  let scan = axeScan(page).withTags(wcagTags);
  for (const selector of include) scan = scan.include(selector);
  return seriousWcag((await scan.analyze()).violations);
}

/** Fails the test, naming the page, when axe finds a serious or critical WCAG violation. */
export async function expectNoSeriousViolations(page: Page, include: readonly string[] = []) {
  expect(await seriousViolations(page, include), page.url()).toEqual([]);
}
