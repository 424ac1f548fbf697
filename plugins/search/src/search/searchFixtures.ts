import type { SearchResult } from "../../api/searchApi";

export function searchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    recordType: "discussion",
    recordID: 1,
    type: "discussion",
    name: "Growing tomatoes indoors",
    url: "http://localhost/discussion/1/growing-tomatoes-indoors",
    body: null,
    excerpt: "Pinch the tomatoes weekly.",
    highlight: "Pinch the <mark>tomatoes</mark> weekly.",
    score: 0,
    insertUserID: 2,
    insertUser: {
      userID: 2,
      name: "Margaret",
      photoUrl: "/avatar.svg",
      url: "/profile/Margaret",
      dateLastActive: null,
      title: null,
      banned: 0,
      private: false,
    },
    updateUserID: null,
    dateInserted: "2026-11-01T10:00:00+00:00",
    dateUpdated: null,
    breadcrumbs: [
      { name: "Home", url: "http://localhost/" },
      { name: "Gardening", url: "http://localhost/categories/gardening" },
    ],
    labelCodes: [],
    ...overrides,
  };
}
