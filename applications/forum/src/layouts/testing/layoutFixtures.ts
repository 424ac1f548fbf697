import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { UserFragment } from "@forum/api/users";

export function makeUserFragment(overrides: Partial<UserFragment> = {}): UserFragment {
  return {
    userID: 2,
    name: "Alice",
    photoUrl: "https://cdn.example.com/alice.png",
    url: "/profile/Alice",
    dateLastActive: "2025-03-01T10:00:00+00:00",
    banned: 0,
    private: false,
    ...overrides,
  };
}

export function makeDiscussion(overrides: Partial<Discussion> = {}): Discussion {
  const discussionID = overrides.discussionID ?? 10;
  return {
    discussionID,
    type: "discussion",
    name: `Discussion ${discussionID}`,
    body: "<p>Hello there</p>",
    format: "rich2",
    categoryID: 3,
    category: { categoryID: 3, name: "General", url: "/categories/general" },
    url: `/discussion/${discussionID}/discussion-${discussionID}`,
    canonicalUrl: `/discussion/${discussionID}/discussion-${discussionID}`,
    dateInserted: "2025-03-01T10:00:00+00:00",
    dateUpdated: null,
    dateLastComment: "2025-03-02T10:00:00+00:00",
    insertUserID: 2,
    insertUser: makeUserFragment(),
    updateUserID: null,
    lastUserID: 2,
    pinned: false,
    pinLocation: null,
    announce: false,
    closed: false,
    sink: false,
    countComments: 0,
    countViews: 1,
    score: null,
    hot: 0,
    statusID: 0,
    bookmarked: false,
    unread: false,
    dismissed: false,
    muted: false,
    attributes: {},
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const commentID = overrides.commentID ?? 100;
  return {
    commentID,
    parentRecordType: "discussion",
    parentRecordID: 10,
    discussionID: 10,
    depth: 1,
    name: "Re: Discussion 10",
    body: `<p>Comment body ${commentID}</p>`,
    format: "rich2",
    categoryID: 3,
    dateInserted: "2025-03-03T10:00:00+00:00",
    dateUpdated: null,
    insertUserID: 4,
    insertUser: makeUserFragment({ userID: 4, name: "Bob", url: "/profile/Bob", photoUrl: "" }),
    updateUserID: null,
    score: 0,
    scoreChildComments: 0,
    countChildComments: 0,
    url: `/discussion/comment/${commentID}#Comment_${commentID}`,
    attributes: null,
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  const categoryID = overrides.categoryID ?? 3;
  const urlcode = overrides.urlcode ?? `category-${categoryID}`;
  return {
    categoryID,
    name: `Category ${categoryID}`,
    description: null,
    parentCategoryID: null,
    customPermissions: false,
    isArchived: false,
    urlcode,
    url: `/categories/${urlcode}`,
    displayAs: "discussions",
    iconUrl: null,
    bannerUrl: null,
    dateInserted: "2025-01-01T00:00:00+00:00",
    countCategories: 0,
    countDiscussions: 0,
    countComments: 0,
    countAllDiscussions: 0,
    countAllComments: 0,
    countFollowers: 0,
    followed: false,
    depth: 1,
    featured: false,
    allowedDiscussionTypes: ["discussion"],
    preModeration: false,
    replyDisplay: "flat",
    ...overrides,
  };
}
