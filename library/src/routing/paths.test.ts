import { paths } from "./paths";

describe("paths", () => {
  it("builds entry paths with an encoded Target", () => {
    expect(paths.signIn()).toBe("/entry/signin");
    expect(paths.signIn("http://localhost/discussion/5?x=1")).toBe(
      "/entry/signin?Target=http%3A%2F%2Flocalhost%2Fdiscussion%2F5%3Fx%3D1",
    );
    expect(paths.signOut("/")).toBe("/entry/signout?Target=%2F");
    expect(paths.register()).toBe("/entry/register");
    expect(paths.emailConfirmRequest()).toBe("/entry/emailconfirmrequest");
  });

  it("escapes slashes and ampersands in profile names", () => {
    expect(paths.profile("Tom & Jerry/2")).toBe("/profile/Tom%20%26%20Jerry%2F2");
    expect(paths.profile("ann", "comments")).toBe("/profile/comments/ann");
    expect([paths.home, paths.discussions, paths.categories, paths.messages, paths.notifications]).toEqual([
      "/",
      "/discussions",
      "/categories",
      "/messages",
      "/notifications",
    ]);
  });
});
