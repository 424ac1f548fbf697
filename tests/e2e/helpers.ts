import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
} from "@playwright/test";
import { E2E_SERVERS, serverPort } from "./servers";

/** The password of every member the tests register. */
export const password = "a long test password";

/**
 * The administrator scripts/e2eServer.ts creates when E2E_ADMIN_PASSWORD is set; the password is the one
 * playwright.config.ts passes in webServer.env.
 */
export const adminName = "e2eadmin";
export const adminPassword = "e2e admin password";

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Registers a member through the title bar's Register link and /entry/register; ends signed in. */
export async function register(page: Page, name: string): Promise<void> {
  await page.goto("/");
  await page.getByRole("link", { name: "Register" }).first().click();
  await expect(page).toHaveURL(/\/entry\/register/);
  await page.getByLabel("Email").fill(`${name}@example.com`);
  await page.getByLabel("Username").fill(name);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
}

/** The origin of this worker's server (fixtures.ts gives each worker its own), e.g. http://localhost:3100. */
export function workerOrigin(): string {
  return `http://localhost:${serverPort(test.info().parallelIndex % E2E_SERVERS)}`;
}

/** Where a test's browser starts signed in: the session cookie set by an API call on the context's cookie jar. */
async function expectSignedInAt(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await expect(page.getByRole("banner").getByRole("button", { name: "My Account" })).toBeVisible();
}

/**
 * The session cookies each account got at its first sign-in on this worker, by origin and name: a later sign-in
 * puts them in the new context instead of signing in again (no password hash to verify, no form post).
 */
const savedSessions = new Map<string, Cookie[]>();

/** Puts a saved session in the page's context; true when the server still knows it as `name`'s. */
async function resumeSession(page: Page, cookies: Cookie[], name: string, origin: string): Promise<boolean> {
  await page.context().addCookies(cookies);
  const response = await page.request.get(`${origin}/api/v2/users/me`);
  return response.ok() && ((await response.json()) as { name: string }).name === name;
}

/**
 * Signs in through the API (POST /authenticate/password on the page's cookie jar), or resumes the account's
 * session from an earlier test of this worker while the server still holds it (a test that signed it out ends
 * it), and waits for the signed-in title bar on the target page; with no target (`null`), the API names the
 * account and the page stays where it was, for a test that prepares through the API and then loads its own page.
 * The sign-in form itself has its own tests (accounts.spec.ts); here it would only cost every test a page load and
 * a form post.
 */
export async function signIn(
  page: Page,
  name: string,
  secret: string,
  target: string | null = "/",
  /** The site's origin when the page's context is not on this worker's server (a restored site, say). */
  origin = workerOrigin(),
): Promise<void> {
  const key = `${origin} ${name}`;
  const saved = savedSessions.get(key);
  if (!saved || !(await resumeSession(page, saved, name, origin))) {
    const response = await page.request.post("/api/v2/authenticate/password", {
      data: { username: name, password: secret },
      headers: apiHeaders(origin),
    });
    expect(response.status(), await response.text()).toBe(201);
    const set = new Set(
      response
        .headersArray()
        .filter((header) => header.name.toLowerCase() === "set-cookie")
        .map((header) => header.value.split("=")[0]?.trim()),
    );
    const cookies = await page.context().cookies(origin);
    savedSessions.set(
      key,
      cookies.filter((cookie) => set.has(cookie.name)),
    );
  }
  if (target === null) await expectSignedInAs(page, name, origin);
  else await expectSignedInAt(page, target);
}

export interface Member {
  name: string;
  context: BrowserContext;
  page: Page;
}

/**
 * Registers a new member in a browser context of their own (close `context` when done); ends signed in (the API
 * says so), with the page still blank: each test's first step on it loads the page it needs, so no page is loaded
 * only to be left at once. The viewport is `viewport` when given.
 */
export async function newMember(
  browser: Browser,
  prefix: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Member> {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  const page = await context.newPage();
  const name = uniqueName(prefix);
  // Registered through the API (the session cookie lands in the context); the register form has its own tests.
  const response = await page.request.post("/api/v2/users/register", {
    data: { name, email: `${name}@example.com`, password },
    headers: apiHeaders(workerOrigin()),
  });
  expect(response.status(), await response.text()).toBe(201);
  await expectSignedInAs(page, name);
  return { name, context, page };
}

/** The context's session is `name`'s: GET /api/v2/users/me with its cookies names them. */
async function expectSignedInAs(page: Page, name: string, origin = workerOrigin()): Promise<void> {
  const me = await page.request.get(`${origin}/api/v2/users/me`);
  expect(me.ok()).toBe(true);
  expect(((await me.json()) as { name: string }).name).toBe(name);
}

/** A button of the title bar (the page banner) by its accessible name: Notifications, Messages, My Account. */
export function titleBarButton(page: Page, name: string) {
  return page.getByRole("banner").getByRole("button", { name, exact: true });
}

/**
 * Everything the editor keeps of its drafts in this browser (localStorage, SPEC 4), as one string: a test waits
 * for its typed text here instead of sleeping through the editor's "at most once a second" local save.
 */
export function localDraftsText(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(window.localStorage)
      .filter((key) => key.startsWith("forum.draft."))
      .map((key) => window.localStorage.getItem(key) ?? "")
      .join("\n"),
  );
}

/** The signed-in member's user ID (GET /api/v2/users/me with the page's cookies). */
export async function currentUserID(page: Page): Promise<number> {
  const response = await page.request.get("/api/v2/users/me");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { userID: number }).userID;
}

/**
 * Signs the page's context in as the administrator and loads `target`; without one, no page is loaded (the test
 * prepares through the API first and then goes to the page it needs).
 */
export function signInAsAdmin(page: Page, target?: string): Promise<void> {
  return signIn(page, adminName, adminPassword, target ?? null);
}

/**
 * Headers a mutating API call needs without a bearer token (API.md 1.4): the marker header and a same-site
 * Referer. `origin` is the page's origin (the baseURL).
 */
export function apiHeaders(origin: string): Record<string, string> {
  return { "X-Requested-With": "vanilla", Referer: `${origin}/` };
}

/**
 * The page's origin, e.g. http://localhost:3100 (the request context shares the page's cookies); this worker's
 * server while the page has loaded nothing yet (a new member's page, say).
 */
export function originOf(page: Page): string {
  const url = new URL(page.url());
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : workerOrigin();
}

interface CreatedDiscussion {
  discussionID: number;
  name: string;
  url: string;
}

async function categoryIDNamed(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get("/api/v2/categories?outputFormat=flat&limit=100");
  expect(response.ok()).toBe(true);
  const categories = (await response.json()) as { categoryID: number; name: string }[];
  const found = categories.find((category) => category.name === name);
  if (!found) throw new Error(`No category named ${name}`);
  return found.categoryID;
}

/**
 * Creates a discussion in General with `commentCount` numbered comments ("Comment number 1" …) through the API,
 * as whoever is signed in on `page` (the administrator: members are rate limited).
 */
export async function createDiscussionWithComments(
  page: Page,
  name: string,
  commentCount: number,
): Promise<CreatedDiscussion> {
  const headers = apiHeaders(originOf(page));
  const categoryID = await categoryIDNamed(page.request, "General");
  const created = await page.request.post("/api/v2/discussions", {
    headers,
    data: { name, body: `The opening post of ${name}.`, format: "markdown", categoryID },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as CreatedDiscussion;
  for (let index = 1; index <= commentCount; index++) {
    const comment = await page.request.post("/api/v2/comments", {
      headers,
      data: {
        discussionID: discussion.discussionID,
        body: `Comment number ${index}`,
        format: "markdown",
      },
    });
    expect(comment.status(), await comment.text()).toBe(201);
  }
  return discussion;
}

/**
 * A discussion of the demo by its title, through the API (the lists' first screens fill with what other tests on
 * this worker's server posted, so a demo thread may no longer be on them).
 */
export async function findDiscussion(
  page: Page,
  name: string,
): Promise<{ discussionID: number; url: string }> {
  for (let pageNumber = 1; pageNumber <= 20; pageNumber += 1) {
    const response = await page.request.get(`/api/v2/discussions?limit=100&page=${pageNumber}`);
    const discussions = (await response.json()) as { discussionID: number; name: string; url: string }[];
    const found = discussions.find((discussion) => discussion.name === name);
    if (found) return { discussionID: found.discussionID, url: found.url };
    if (discussions.length < 100) break;
  }
  throw new Error(`No discussion named "${name}".`);
}

/** Fails when any of `others` (each element it matches) covers part of `target` on the screen. */
export async function expectClearOf(target: Locator, others: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  for (let index = 0; index < (await others.count()); index += 1) {
    const other = await others.nth(index).boundingBox();
    if (!other || other.width === 0 || other.height === 0) continue;
    const overlaps =
      other.x < box.x + box.width &&
      box.x < other.x + other.width &&
      other.y < box.y + box.height &&
      box.y < other.y + other.height;
    expect(overlaps, `element ${index} covers part of ${target.toString()}`).toBe(false);
  }
}
