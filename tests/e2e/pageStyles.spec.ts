import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { createDiscussionWithComments, newMember, uniqueName } from "./helpers";

/**
 * Classes a page may carry without the rules that name them elsewhere: hooks that scripts find elements by, whose
 * only rules style them inside another widget's own markup. Add one only with the reason.
 */
const SCRIPT_HOOKS: Readonly<Record<string, string>> = {
  "flyout-button":
    "every flyout's trigger (Flyout.tsx); its own look comes from the trigger's classes, the reactions bar's rule styles it only inside that bar",
  "post-comment":
    "the comment selection script finds comments by it (ServerCommentSelect.tsx); its only rule is for comments inside a threaded view's .commentThread",
};

/** The viewport widths every page is checked at (a rule inside a media query still counts as a rule). */
const WIDTHS = [1280, 390] as const;

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;

/**
 * Every class some stylesheet of the built client styles (the servers serve DIST_DIR, ./dist by default): the
 * page stylesheets and every lazily loaded chunk's.
 */
function classesStyledAnywhere(): Set<string> {
  const dist = path.resolve(process.env.DIST_DIR ?? "dist");
  const styled = new Set<string>();
  for (const file of fs.readdirSync(dist).filter((name) => name.endsWith(".css"))) {
    // Rules only: declarations' values (url(…), numbers) are dropped so they are not read as selectors.
    const selectors = fs.readFileSync(path.join(dist, file), "utf8").replace(/\{[^{}]*\}/g, "{}");
    for (const match of selectors.matchAll(CLASS_IN_SELECTOR)) styled.add(match[1] ?? "");
  }
  return styled;
}

/**
 * The page's classes that no rule of the stylesheets it has loaded names, once its scripts have run (widgets
 * bring their chunks' stylesheets). Reads every sheet's rules, media and supports blocks included.
 */
async function classesWithoutRules(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  return page.evaluate((pattern) => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(new RegExp(pattern, "g")))
            styled.add(match[1] ?? "");
        }
        if ("cssRules" in rule && rule.cssRules instanceof CSSRuleList) collect(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll("[class]"))) {
      for (const name of Array.from(element.classList)) used.add(name);
    }
    return [...used].filter((name) => !styled.has(name)).sort();
  }, CLASS_IN_SELECTOR.source);
}

/**
 * Each page's classes whose rules exist in the client's stylesheets but not in those the page loaded (at either
 * width), keyed `who path`; pages without any are left out.
 */
async function classesMissingTheirRules(
  page: Page,
  who: string,
  paths: string[],
  styledAnywhere: Set<string>,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const pagePath of paths) {
    const missing = new Set<string>();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(pagePath);
      expect(response?.status(), pagePath).toBeLessThan(400);
      for (const name of await classesWithoutRules(page)) {
        if (styledAnywhere.has(name) && !(name in SCRIPT_HOOKS)) missing.add(name);
      }
    }
    if (missing.size > 0) found[`${who} ${pagePath}`] = [...missing].sort();
  }
  return found;
}

test("the server pages load the rules of every class they use, for a guest and a member", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const styledAnywhere = classesStyledAnywhere();
  // The check itself: the profile's own classes are styled somewhere in the client.
  expect([...styledAnywhere]).toEqual(
    expect.arrayContaining(["profileHeader", "profileStats", "profileTabs-link"]),
  );
  const member = await newMember(browser, "styled");
  const guestContext = await browser.newContext();
  try {
    const discussion = await createDiscussionWithComments(member.page, `Styled ${uniqueName("s")}`, 2);
    const name = encodeURIComponent(member.name);
    const shared = [
      "/",
      "/discussions",
      "/categories",
      "/categories/general",
      new URL(discussion.url).pathname,
      `/profile/${name}`,
      `/profile/discussions/${name}`,
      `/profile/comments/${name}`,
      `/profile/reactions/${name}`,
      "/search?query=welcome",
    ];
    const guestPage = await guestContext.newPage();
    const missing = {
      ...(await classesMissingTheirRules(
        guestPage,
        "guest",
        [...shared, "/entry/signin", "/entry/register", "/entry/passwordrequest"],
        styledAnywhere,
      )),
      ...(await classesMissingTheirRules(
        member.page,
        "member",
        [...shared, "/post/discussion", "/profile/edit", "/discussions/bookmarked"],
        styledAnywhere,
      )),
    };
    expect(missing).toEqual({});
  } finally {
    await guestContext.close();
    await member.context.close();
  }
});
