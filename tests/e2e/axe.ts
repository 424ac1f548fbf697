import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Serious and critical violations of WCAG 2.x A/AA rules on the page as it stands (or inside `include`), as
 * readable lines: the rule, its impact and up to three of its elements.
 *
 * axe runs in the page itself and in its same-origin frames (the builder's "legacy" mode): the default mode runs
 * each frame apart and then opens a blank tab to merge the results, which doubled the cost of every check and
 * only adds cross-origin frames, which the site's own pages do not have. Only violations are collected.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
}

/**
 * Waits for the page's finite animations (a flyout or modal fading in) to end: axe measures colour contrast with
 * the opacity an element has at that moment, so text checked halfway through a fade-in reads as too faint. A
 * loaded machine made that a failure of the reaction picker now and then. Endless animations (a spinner) are not
 * waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
