import type { Theme } from "@forum/api/themes";
import { sessionCookieName } from "@library/server/auth/viewerResolver";
import { signedInClient, type TestUser } from "@library/server/testing/factories";
import { serverApplications } from "@applications/serverApplications";
import { THEME_REVISIONS_KEPT } from "./themeCommands";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

/** The dark preset applied as the site's theme (not only for readers who choose dark). */
const DARK_BG = ":root{--color-primary:#6cb4ff";

/** The themed page a signed-in client sees (the dashboard, or the permission page for a member). */
async function pageOf(client: TestClient, extraCookie = ""): Promise<string> {
  const response = await client.get("/dashboard", extraCookie ? { cookie: extraCookie } : {});
  return response.text;
}

describe.each(testDialects)("themes on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };

  const cookieWith = (client: TestClient, extra: string) =>
    `${sessionCookieName(testApp.context)}=${client.cookie ?? ""}; ${extra}`;

  async function themeCount(): Promise<number> {
    const rows = await testApp.context.db.selectFrom("themes").select("themeID").execute();
    return rows.length;
  }

  beforeAll(async () => {
    // The whole site: themed pages of every application.
    testApp = await createTestApp(dialect, serverApplications);
    admin = await signedInClient(testApp, { role: "Administrator" });
    member = await signedInClient(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists the light and dark theme add-ons to anyone, the light one current", async () => {
    const listed = await testApp.guest().get<Theme[]>("/api/v2/themes");
    expect(listed.status).toBe(200);
    const byID = new Map(listed.body.map((theme) => [theme.themeID, theme]));
    expect(byID.get("theme-light")).toMatchObject({ type: "themeFile", name: "Light", current: true });
    expect(byID.get("theme-dark")).toMatchObject({ type: "themeFile", name: "Dark", current: false });
    expect(byID.get("theme-dark")?.assets?.variables).toEqual({
      type: "json",
      url: expect.stringMatching(/\/themes\/theme-dark\/assets\/variables\.json$/) as unknown,
      "content-type": "application/json",
    });
    const expanded = await testApp.guest().get<Theme>("/api/v2/themes/theme-dark?expand=variables.data");
    expect(expanded.body.assets?.variables?.data).toMatchObject({ "--color-bg": "#161b22" });
    expect((await testApp.guest().get("/api/v2/themes/nothing-here")).status).toBe(404);
    // The current theme is read by every page, so a second read of it comes from memory.
    await testApp.guest().get("/api/v2/themes/current");
    const again = await testApp.guest().get("/api/v2/themes/current");
    expect(again.headers["x-app-cache-hit"]).toBe("1");
    expect((await testApp.guest().get("/api/v2/themes/theme-light")).headers["x-app-cache-hit"]).toBe("1");
    expect((await testApp.guest().get("/api/v2/themes/theme-dark")).headers["x-app-cache-hit"]).toBe("0");
  });

  it("lets only site managers create, edit and delete themes, and refuses bad input with nothing written", async () => {
    const before = await themeCount();
    const body = { name: "Night", parentTheme: "theme-dark" };
    expect((await testApp.guest().post("/api/v2/themes", body)).status).toBe(403);
    expect((await member.client.post("/api/v2/themes", body)).status).toBe(403);
    const noName = await admin.client.post<{ errors: { field: string }[] }>("/api/v2/themes", { name: "" });
    expect(noName.status).toBe(422);
    const badValue = await admin.client.post("/api/v2/themes", {
      name: "Broken",
      assets: { variables: { type: "json", data: { "--color-bg": "red;}</style><script>" } } },
    });
    expect(badValue.status).toBe(422);
    const badParent = await admin.client.post<{ errors: { field: string }[] }>("/api/v2/themes", {
      name: "Orphan",
      parentTheme: "theme-missing",
    });
    expect(badParent.status).toBe(422);
    expect(badParent.body.errors[0]?.field).toBe("parentTheme");
    expect(await themeCount()).toBe(before);

    const created = await admin.client.post<Theme>("/api/v2/themes", body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "themeDB",
      name: "Night",
      parentTheme: "theme-dark",
      current: false,
    });
    expect(created.body.assets?.variables?.data).toMatchObject({ "--color-bg": "#161b22" });
    const themeID = created.body.themeID;
    expect((await member.client.patch(`/api/v2/themes/${themeID}`, { name: "Mine" })).status).toBe(403);
    expect((await member.client.delete(`/api/v2/themes/${themeID}`)).status).toBe(403);
    expect((await admin.client.patch("/api/v2/themes/theme-dark", { name: "Edited" })).status).toBe(422);
    expect((await admin.client.patch("/api/v2/themes/999999", { name: "Nobody" })).status).toBe(404);
    const renamed = await admin.client.patch<Theme>(`/api/v2/themes/${themeID}`, { name: "Midnight" });
    expect(renamed.body.name).toBe("Midnight");
    expect((await admin.client.delete(`/api/v2/themes/${themeID}`)).status).toBe(204);
    expect((await testApp.guest().get(`/api/v2/themes/${themeID}`)).status).toBe(404);
  });

  it("keeps every save as a revision, newest first, and restores an older one as the only active revision", async () => {
    const created = await admin.client.post<Theme>("/api/v2/themes", {
      name: "Harbour",
      revisionName: "First",
      assets: { variables: { type: "json", data: { "--color-primary": "#114477" } } },
    });
    const themeID = created.body.themeID;
    const first = created.body.revisionID;
    const saved = await admin.client.patch<Theme>(`/api/v2/themes/${themeID}`, {
      revisionName: "Second",
      assets: {
        variables: { type: "json", data: { "--color-primary": "#aa2200" } },
        styles: { type: "css", data: ".heroBanner{letter-spacing:1px}" },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.revisionID).not.toBe(first);
    expect(saved.body.assets?.variables?.data).toEqual({ "--color-primary": "#aa2200" });

    const revisions = await testApp.guest().get<Theme[]>(`/api/v2/themes/${themeID}/revisions`);
    expect(revisions.body.map((revision) => [revision.revisionName, revision.active])).toEqual([
      ["Second", true],
      ["First", false],
    ]);
    expect(revisions.body[0]?.assets).toBeUndefined();

    const other = await admin.client.post<Theme>("/api/v2/themes", { name: "Other" });
    const foreign = await admin.client.patch(`/api/v2/themes/${themeID}`, {
      revisionID: other.body.revisionID,
    });
    expect(foreign.status).toBe(422);

    const restored = await admin.client.patch<Theme>(`/api/v2/themes/${themeID}`, { revisionID: first });
    expect(restored.body.revisionID).toBe(first);
    expect(restored.body.assets?.variables?.data).toEqual({ "--color-primary": "#114477" });
    const after = await testApp.guest().get<Theme[]>(`/api/v2/themes/${themeID}/revisions`);
    expect(after.body.map((revision) => [revision.revisionName, revision.active])).toEqual([
      ["Second", false],
      ["First", true],
    ]);
    // An older revision is readable by id, with its own assets.
    const old = await testApp
      .guest()
      .get<Theme>(`/api/v2/themes/${themeID}?revisionID=${saved.body.revisionID}&expand=all`);
    expect(old.body.assets?.styles?.data).toBe(".heroBanner{letter-spacing:1px}");
    const css = await testApp
      .guest()
      .get(`/themes/${themeID}/assets/styles.css?revisionID=${saved.body.revisionID}`);
    expect(css.status).toBe(200);
    expect(css.headers["content-type"]).toContain("text/css");
    expect(css.text).toBe(".heroBanner{letter-spacing:1px}");
    expect((await testApp.guest().get(`/themes/${themeID}/assets/styles.css`)).text).toBe("");
    expect((await testApp.guest().get("/themes/nothing-here/assets/styles.css")).status).toBe(404);
    expect((await testApp.guest().get(`/themes/${themeID}/assets/other.txt`)).status).toBe(404);
  });

  it("keeps the newest THEME_REVISIONS_KEPT revisions of a theme, the active one always among them", async () => {
    const created = await admin.client.post<Theme>("/api/v2/themes", { name: "Busy", revisionName: "First" });
    const themeID = Number(created.body.themeID);
    const first = created.body.revisionID;
    // Earlier saves, written straight to the table (a hundred PATCHes would only make the test slow).
    await testApp.context.db
      .insertInto("themeRevisions")
      .values(
        Array.from({ length: THEME_REVISIONS_KEPT - 1 }, (_, index) => ({
          themeID,
          revisionName: `Save ${index + 1}`,
          assets: "{}",
          insertUserID: admin.user.userID,
          dateInserted: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        })),
      )
      .execute();
    const full = await testApp.guest().get<Theme[]>(`/api/v2/themes/${themeID}/revisions`);
    expect(full.body).toHaveLength(THEME_REVISIONS_KEPT);
    expect(full.body.at(-1)).toMatchObject({ revisionName: "First", active: true });

    // One more save: the oldest goes, the new one is active.
    const saved = await admin.client.patch<Theme>(`/api/v2/themes/${themeID}`, {
      revisionName: "Latest",
      assets: { variables: { type: "json", data: { "--color-primary": "#335577" } } },
    });
    expect(saved.status).toBe(200);
    const kept = await testApp.guest().get<Theme[]>(`/api/v2/themes/${themeID}/revisions`);
    expect(kept.body).toHaveLength(THEME_REVISIONS_KEPT);
    expect(kept.body[0]).toMatchObject({ revisionName: "Latest", active: true });
    expect(kept.body.at(-1)?.revisionName).toBe("Save 1");
    expect(kept.body.some((revision) => revision.revisionID === first)).toBe(false);
    const gone = await admin.client.patch<{ errors: { field: string }[] }>(`/api/v2/themes/${themeID}`, {
      revisionID: first,
    });
    expect(gone.status).toBe(422);
    expect(gone.body.errors[0]?.field).toBe("revisionID");

    // The oldest kept revision restored stays while it is active, however many saves of other themes follow;
    // a rename of it adds no revision and removes none.
    const oldest = kept.body.at(-1)!.revisionID!;
    await admin.client.patch(`/api/v2/themes/${themeID}`, { revisionID: oldest, revisionName: "Restored" });
    const afterRestore = await testApp.guest().get<Theme[]>(`/api/v2/themes/${themeID}/revisions`);
    expect(afterRestore.body).toHaveLength(THEME_REVISIONS_KEPT);
    expect(afterRestore.body.at(-1)).toMatchObject({
      revisionID: oldest,
      revisionName: "Restored",
      active: true,
    });
    expect((await admin.client.delete(`/api/v2/themes/${themeID}`)).status).toBe(204);
  });

  it("fills each theme card's preview from the theme's variables", async () => {
    const created = await admin.client.post<Theme>("/api/v2/themes", {
      name: "Postcard",
      parentTheme: "theme-dark",
      assets: {
        variables: {
          type: "json",
          data: {
            "--color-primary": "#ff8800",
            "--title-bar-bg": "#101820",
            "--title-bar-fg": "#fefefe",
            "--background-image": 'url("/uploads/themes/waves.png")',
            "--preview-image": "/uploads/themes/postcard.png",
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const listed = await testApp.guest().get<Theme[]>("/api/v2/themes");
    const card = listed.body.find((theme) => theme.themeID === created.body.themeID);
    expect(card?.preview).toEqual({
      preset: "dark",
      globalPrimary: "#ff8800",
      globalBg: "#161b22",
      globalFg: expect.any(String) as unknown,
      titleBarBg: "#101820",
      titleBarFg: "#fefefe",
      backgroundImage: "/uploads/themes/waves.png",
      imageUrl: "/uploads/themes/postcard.png",
      info: {
        Created: { type: "date", value: created.body.dateInserted },
        Template: { type: "string", value: "Dark" },
      },
    });
    // A theme add-on's card: its preset and colours, no stored dates.
    const dark = listed.body.find((theme) => theme.themeID === "theme-dark");
    expect(dark?.preview).toMatchObject({ preset: "dark", globalBg: "#161b22" });
    expect(dark?.preview?.info).toBeUndefined();
    expect((await admin.client.delete(`/api/v2/themes/${String(created.body.themeID)}`)).status).toBe(204);
  });

  it("applies a theme to every page and refuses to delete the current one", async () => {
    const created = await admin.client.post<Theme>("/api/v2/themes", {
      name: "Applied dark",
      parentTheme: "theme-dark",
    });
    const themeID = created.body.themeID;
    expect(await pageOf(member.client)).not.toContain(DARK_BG);
    expect((await member.client.put("/api/v2/themes/current", { themeID })).status).toBe(403);
    expect((await admin.client.put("/api/v2/themes/current", { themeID: 999999 })).status).toBe(404);
    const applied = await admin.client.put<Theme>("/api/v2/themes/current", { themeID });
    expect(applied.status).toBe(200);
    expect(applied.body.current).toBe(true);
    expect((await testApp.guest().get<Theme>("/api/v2/themes/current")).body.themeID).toBe(themeID);
    // The cached current theme was retired by the write: the next page is dark.
    expect(await pageOf(member.client)).toContain(DARK_BG);
    expect((await testApp.guest().get("/entry/signin")).text).toContain(DARK_BG);

    const refused = await admin.client.delete(`/api/v2/themes/${themeID}`);
    expect(refused.status).toBe(409);
    expect((await testApp.guest().get(`/api/v2/themes/${themeID}`)).status).toBe(200);

    await admin.client.put("/api/v2/themes/current", { themeID: "theme-light" });
    expect(await pageOf(member.client)).not.toContain(DARK_BG);
  });

  it("previews a theme for the site manager's session only, with the toast, until cancelled", async () => {
    const started = await admin.client.put<Theme>("/api/v2/themes/preview", { themeID: "theme-dark" });
    expect(started.status).toBe(200);
    const setCookie = String(started.headers["set-cookie"] ?? "");
    expect(setCookie).toContain("themePreview=theme-dark");
    const previewing = await pageOf(admin.client, cookieWith(admin.client, "themePreview=theme-dark"));
    expect(previewing).toContain('data-react="ThemePreviewToast"');
    expect(previewing).toContain('"redirect":"/dashboard/appearance/style-guides"');
    expect(previewing).toContain(DARK_BG);
    // The same cookie from a member changes nothing.
    const memberPage = await pageOf(member.client, cookieWith(member.client, "themePreview=theme-dark"));
    expect(memberPage).not.toContain("ThemePreviewToast");
    expect(memberPage).not.toContain(DARK_BG);
    expect((await member.client.put("/api/v2/themes/preview", { themeID: "theme-dark" })).status).toBe(403);
    expect((await admin.client.put("/api/v2/themes/preview", { themeID: "theme-nothing" })).status).toBe(404);

    const cancelled = await admin.client.put<Theme>("/api/v2/themes/preview", { themeID: "" });
    expect(cancelled.body.themeID).toBe("theme-light");
    expect(String(cancelled.headers["set-cookie"] ?? "")).toMatch(/themePreview=;/);
  });

  it("previews a revision with the revisions page as where to go next", async () => {
    const created = await admin.client.post<Theme>("/api/v2/themes", { name: "Revised" });
    const themeID = created.body.themeID;
    const revisionID = created.body.revisionID ?? 0;
    await admin.client.patch(`/api/v2/themes/${themeID}`, {
      assets: { variables: { type: "json", data: { "--color-primary": "#553300" } } },
    });
    const started = await admin.client.put<Theme>("/api/v2/themes/preview", { themeID, revisionID });
    expect(started.body.revisionID).toBe(revisionID);
    const page = await pageOf(
      admin.client,
      cookieWith(admin.client, `themePreview=${themeID}:${revisionID}`),
    );
    expect(page).toContain(`"revisionID":${revisionID}`);
    expect(page).toContain(`/appearance/style-guides/${themeID}/revisions`);
    const landing = await admin.client.get(`/appearance/style-guides/${themeID}/revisions`);
    expect(landing.status).toBe(302);
    expect(landing.headers.location).toBe(`/dashboard/appearance/style-guides/${themeID}/revisions`);
  });

  it("keeps each member's colour scheme and a guest's in a cookie", async () => {
    expect(await pageOf(member.client)).toContain("colorScheme-system");
    const bad = await member.client.put("/api/v2/themes/color-scheme", { colorScheme: "purple" });
    expect(bad.status).toBe(422);
    const chosen = await member.client.put("/api/v2/themes/color-scheme", { colorScheme: "dark" });
    expect(chosen.status).toBe(200);
    const page = await pageOf(member.client);
    expect(page).toContain("colorScheme-dark");
    expect(page).toContain("body.colorScheme-dark{--color-primary:#6cb4ff");
    expect(await pageOf(admin.client)).toContain("colorScheme-system");

    const guest = testApp.guest();
    const guestChoice = await guest.put("/api/v2/themes/color-scheme", { colorScheme: "light" });
    expect(String(guestChoice.headers["set-cookie"] ?? "")).toContain("colorScheme=light");
    expect((await guest.get("/entry/signin", { cookie: "colorScheme=light" })).text).toContain(
      "colorScheme-light",
    );
    expect((await guest.get("/entry/signin")).text).toContain("colorScheme-system");

    // On a dark site, the light choice gets the foundation's values back; "system" keeps the site's dark theme.
    await admin.client.put("/api/v2/themes/current", { themeID: "theme-dark" });
    try {
      await member.client.put("/api/v2/themes/color-scheme", { colorScheme: "light" });
      const light = await pageOf(member.client);
      expect(light).toContain("colorScheme-light");
      expect(light).toContain("body.colorScheme-light{--color-primary:#0866c2");
      expect(light).not.toContain("body.colorScheme-dark{");
    } finally {
      await admin.client.put("/api/v2/themes/current", { themeID: "theme-light" });
    }
  });
});
