/** The demo community: its categories (one with a sub-category) and its members. */
export const SEED_CATEGORIES = [
  {
    key: "announcements",
    name: "Announcements",
    description: "News and release notes from the team.",
    parent: null,
    /** Members read and comment; only staff start discussions here. */
    staffStartsDiscussions: true,
  },
  {
    key: "general",
    name: "General",
    description: "Anything about the product that fits nowhere else.",
    parent: null,
  },
  {
    key: "help",
    name: "Help & Support",
    description: "Ask questions and help others.",
    parent: null,
    displayAs: "categories",
  },
  {
    key: "getting-started",
    name: "Getting Started",
    description: "First steps, installation and set-up.",
    parent: "help",
  },
  {
    key: "feature-requests",
    name: "Feature Requests",
    description: "Ideas for what we should build next.",
    parent: null,
  },
  {
    key: "off-topic",
    name: "Off Topic",
    description: "Say hello and talk about everything else.",
    parent: null,
  },
] as const;

export const SEED_MEMBERS = ["Maya Chen", "Tomás Rivera", "Priya Nair", "Jonas Berg"] as const;
