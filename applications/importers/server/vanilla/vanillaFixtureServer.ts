import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerPhoto, testPhoto, type PhotoAnswer } from "../testing/photoServer";

/**
 * A small site answering Vanilla's API v2 shapes for the importer's tests, with the edge cases a real site has:
 * a sub-category listed before its parent, users over two pages linked by `Link` headers, a member without an
 * email, HTML carrying a script, a discussion in a category the list does not show, a comment by a deleted
 * member, a reaction type unknown here, one 429 before the reactions answer, a staff-only category (its own
 * permissions, given on the roles list), members' photos (one served, one missing, one that is a web page, one
 * Vanilla's default avatar), signatures (on the record and among the profile fields), a reply to a comment, and
 * reaction counts on the listings (a discussion without them, so it is asked about).
 */
export const FIXTURE_TOKEN = "fixture-token";

const categories = [
  { categoryID: 3, parentCategoryID: 2, name: "Install", description: "Setting it up.", urlcode: "install" },
  {
    categoryID: 2,
    parentCategoryID: -1,
    name: "Help",
    description: null,
    urlcode: "help",
    displayAs: "Categories",
  },
  { categoryID: 1, parentCategoryID: null, name: "Lounge", description: "Chat.", urlcode: "lounge" },
  {
    categoryID: 5,
    parentCategoryID: null,
    name: "Staff Room",
    description: "Moderators only.",
    urlcode: "staff-room",
    customPermissions: true,
  },
];

/** The roles with their grants (`expand=permissions`): the Staff Room is the moderators' and administrators'. */
const roles = [
  {
    roleID: 2,
    name: "Guest",
    permissions: [{ type: "global", id: null, permissions: { "discussions.view": true } }],
  },
  {
    roleID: 8,
    name: "Member",
    permissions: [
      { type: "global", id: null, permissions: { "discussions.view": true, "discussions.add": true } },
    ],
  },
  {
    roleID: 32,
    name: "Moderator",
    permissions: [
      { type: "global", id: null, permissions: { "discussions.view": true, "posts.moderate": true } },
      {
        type: "category",
        id: 5,
        permissions: { "discussions.view": true, "discussions.add": true, "posts.moderate": true },
      },
    ],
  },
  {
    roleID: 16,
    name: "Administrator",
    permissions: [
      { type: "global", id: null, permissions: { "site.manage": true } },
      { type: "category", id: 5, permissions: { "discussions.view": true, "discussions.add": true } },
    ],
  },
];

const users = [
  {
    userID: 1,
    name: "Ann",
    email: "ann@fixture.example",
    dateInserted: "2019-04-01T10:00:00+00:00",
    dateLastActive: "2024-01-02T03:04:05+00:00",
    banned: 0,
    roles: [{ roleID: 16, name: "Administrator" }],
    photoUrl: "/uploads/userpics/ann.png",
    signature: "<p>Ann, <b>site admin</b></p>",
  },
  {
    userID: 2,
    name: "Bob",
    email: "bob@fixture.example",
    dateInserted: "2019-05-01T10:00:00+00:00",
    dateLastActive: null,
    banned: 0,
    roles: [{ roleID: 40, name: "Gold Supporters" }],
    photoUrl: "/uploads/userpics/bob-gone.png",
    profileFields: { signature: "Bob from the lounge" },
  },
  {
    userID: 3,
    name: "Cleo",
    email: "cleo@fixture.example",
    dateInserted: "2019-06-01T10:00:00+00:00",
    dateLastActive: null,
    banned: 1,
    roles: [{ roleID: 32, name: "moderator" }],
    photoUrl: "/uploads/userpics/cleo.png",
  },
  {
    userID: 4,
    name: "Dee",
    email: null,
    dateInserted: "2019-07-01T10:00:00+00:00",
    banned: 0,
    roles: [],
    photoUrl: "https://fixture.invalid/applications/dashboard/design/images/defaulticon.png",
  },
];

export const FIXTURE_SCRIPT_BODY = '<p>Hello <script>alert("x")</script><strong>world</strong></p>';

const discussions = [
  {
    discussionID: 10,
    categoryID: 3,
    insertUserID: 1,
    name: "How do I install it?",
    body: FIXTURE_SCRIPT_BODY,
    bodyRaw: FIXTURE_SCRIPT_BODY,
    format: "Html",
    dateInserted: "2020-01-02T03:04:05+00:00",
    dateUpdated: null,
    closed: true,
    pinned: true,
    pinLocation: "category",
    countViews: 42,
    countComments: 3,
    tags: [{ tagID: 7, name: "Getting Started" }],
    reactions: [
      { tagID: 1, urlcode: "like", count: 1 },
      { tagID: 9, urlcode: "Sparkles", count: 1 },
    ],
  },
  {
    discussionID: 11,
    categoryID: 1,
    insertUserID: 2,
    name: "Hello all",
    body: "<p><strong>bold</strong></p>",
    bodyRaw: "**bold** move",
    format: "Markdown",
    dateInserted: "2020-02-02T03:04:05+00:00",
    dateUpdated: "2020-02-03T03:04:05+00:00",
    closed: false,
    pinned: false,
    countViews: 5,
    countComments: 1,
    tags: [],
    reactions: [],
  },
  {
    discussionID: 12,
    categoryID: 404,
    insertUserID: 2,
    name: "In a hidden category",
    body: "<p>x</p>",
    format: "Rich",
    dateInserted: "2020-03-02T03:04:05+00:00",
    closed: false,
    pinned: false,
    countViews: 0,
    countComments: 1,
    tags: [],
  },
];

const comments = [
  {
    commentID: 100,
    discussionID: 10,
    insertUserID: 99,
    body: "<p>From a deleted member</p>",
    format: "Html",
  },
  { commentID: 101, discussionID: 10, insertUserID: 2, body: "<p>Try again</p>", format: "Html" },
  { commentID: 102, discussionID: 11, insertUserID: 3, body: "<p>Hi</p>", bodyRaw: "Hi", format: "Text" },
  { commentID: 103, discussionID: 12, insertUserID: 1, body: "<p>Hidden reply</p>", format: "Html" },
  {
    commentID: 104,
    discussionID: 10,
    parentCommentID: 101,
    insertUserID: 1,
    body: "<p>Again worked, thanks</p>",
    format: "Html",
  },
].map((comment) => ({
  ...comment,
  dateInserted: "2020-04-01T00:00:00+00:00",
  dateUpdated: null,
  reactions: [],
}));

const discussionReactions: Record<number, unknown[]> = {
  10: [
    { userID: 2, dateInserted: "2020-05-01T00:00:00+00:00", reactionType: { tagID: 1, urlcode: "like" } },
    { userID: 3, dateInserted: "2020-05-01T00:00:00+00:00", reactionType: { tagID: 9, urlcode: "Sparkles" } },
  ],
};

export interface VanillaFixture {
  url: string;
  /** The paths asked for, in order (query included). */
  requests: string[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** Listings carry reaction counts only when asked for them (`expand=reactions`). */
function withoutCounts<T extends { reactions?: unknown }>(records: T[], url: URL): T[] {
  const expand = (url.searchParams.get("expand") ?? "").split(",");
  return expand.includes("reactions")
    ? records
    : records.map(({ reactions: _counts, ...record }) => record as T);
}

/** `rolesStatus`: how the site answers the roles list (403: the token may not read the roles' permissions). */
export async function startVanillaFixture({ rolesStatus = 200 } = {}): Promise<VanillaFixture> {
  const requests: string[] = [];
  let reactionTypesAsked = 0;
  const png = await testPhoto();
  // Photos are public files of the site, served without the token.
  const photos: Record<string, PhotoAnswer> = {
    "/uploads/userpics/ann.png": { png },
    "/uploads/userpics/cleo.png": { html: "<!doctype html><title>Sign in</title>" },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fixture");
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname.startsWith("/uploads/")) {
      const { status, type, body } = answerPhoto(photos, url.pathname);
      response.writeHead(status, { "Content-Type": type });
      return response.end(body);
    }
    if (request.headers.authorization !== `Bearer ${FIXTURE_TOKEN}`)
      return send(response, 401, { message: "Invalid token.", status: 401 });
    const origin = `http://${request.headers.host ?? ""}`;
    const path = url.pathname.replace(/^\/api\/v2/, "");
    const page = Number(url.searchParams.get("page") ?? "1");
    switch (path) {
      case "/categories":
        return send(response, 200, categories);
      case "/roles":
        return rolesStatus === 200
          ? send(response, 200, roles)
          : send(response, rolesStatus, { message: "Permission Problem", status: rolesStatus });
      case "/users": {
        const link = (to: number, rel: string) => `<${origin}/api/v2/users?limit=2&page=${to}>; rel="${rel}"`;
        return page === 1
          ? send(response, 200, users.slice(0, 2), { Link: `${link(1, "first")}, ${link(2, "next")}` })
          : send(response, 200, users.slice(2), { Link: `${link(1, "first")}, ${link(1, "prev")}` });
      }
      case "/discussions":
        return send(response, 200, page === 1 ? withoutCounts(discussions, url) : []);
      case "/comments": {
        const discussionID = Number(url.searchParams.get("discussionID"));
        const listed = comments.filter((comment) => comment.discussionID === discussionID);
        return send(response, 200, page === 1 ? withoutCounts(listed, url) : []);
      }
      case "/reactions":
        reactionTypesAsked += 1;
        return reactionTypesAsked === 1
          ? send(response, 429, { message: "Slow down.", status: 429 }, { "Retry-After": "0" })
          : send(response, 200, [{ tagID: 1, urlCode: "Like", name: "Like" }]);
    }
    const reactions = /^\/(discussion|comment)s\/(\d+)\/reactions$/.exec(path);
    if (reactions) {
      const list = reactions[1] === "discussion" ? (discussionReactions[Number(reactions[2])] ?? []) : [];
      return send(response, 200, page === 1 ? list : []);
    }
    return send(response, 404, { message: "Page not found.", status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
