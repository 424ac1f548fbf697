/** The demo Help Center's articles: how to use this forum, in Markdown. */

export interface DemoArticle {
  /** The category's name, or null for the base's own (General). */
  category: string | null;
  name: string;
  body: string;
}

export const DEMO_BASE = {
  name: "Help Center",
  urlCode: "help-center",
  description: "How to take part in this community: posting, notifications, your profile and formatting.",
};

export const DEMO_CATEGORIES = ["Getting Started", "Your Account", "Writing Posts"] as const;

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    category: "Getting Started",
    name: "Start a discussion",
    body: `A discussion is a topic with a title and a first post; everyone who can read its category can reply.

1. Open the category the topic belongs in (the **Categories** page lists them all).
2. Select **New Discussion**.
3. Give it a title that says what it is about: "Export fails on large files" finds more helpers than "Help!".
4. Write your post. Select **Preview** to see it as others will.
5. Select **Post Discussion**.

A post you have not finished can wait as a draft: find your drafts under **Drafts** in your account menu.

Before you post, search first: someone may have asked the same question already.`,
  },
  {
    category: "Getting Started",
    name: "Reply, react and bookmark",
    body: `Under every discussion there is a comment box. Write your answer and select **Post Comment**.

- **Quote** a post to answer one part of it.
- **React** to a post to say you agree or found it useful without writing a comment.
- **Bookmark** a discussion to find it again later and to hear about new comments in it.

Keep replies on the topic of the discussion. A new question deserves a discussion of its own, where others can find it.`,
  },
  {
    category: "Your Account",
    name: "Choose your notifications",
    body: `The bell in the title bar shows your notifications: replies in discussions you took part in or bookmarked, @mentions of your name, and new posts in categories you follow.

To choose what you hear about, and whether it also comes by email:

1. Open your profile from the menu with your picture.
2. Select **Notification Preferences**.
3. Tick the events you want, for the site and for email, then save.

Select **Mark All Read** to clear the list. To follow a whole category, open it and select **Follow**.`,
  },
  {
    category: "Your Account",
    name: "Edit your profile",
    body: `Your profile shows your name, picture, and the discussions and comments you wrote.

1. Open your profile from the menu with your picture.
2. Select **Edit Profile**.
3. Change what you like: your email, your signature, or select **Upload Photo** to use a new picture.
4. Save.

Other members see your picture beside every post, so a clear picture helps them recognise you.`,
  },
  {
    category: "Writing Posts",
    name: "Format your posts with Markdown",
    body: `Posts written in Markdown use a few plain-text marks:

| You type | You get |
|---|---|
| \`**bold**\` | **bold** |
| \`*italic*\` | *italic* |
| \`[a link](https://example.com)\` | [a link](https://example.com) |
| \`> a quote\` | a quoted line |
| \`- item\` | a bulleted list |
| \`1. step\` | a numbered list |

Wrap code in backticks: \`like this\` for a word, or put three backticks on the lines before and after a block.

Start a line with \`#\` for a heading. Type @ followed by a member's name to mention them: they get a notification. Select **Preview** to check the result before you post.`,
  },
  {
    category: null,
    name: "Community guidelines",
    body: `This community works when everyone can take part without fear.

- Be kind. Disagree with ideas, never with people.
- Stay on topic, and search before you post.
- Do not post anything you do not have the right to share.
- No spam and no advertising.

If a post breaks these rules, report it from its options menu rather than replying to it. Moderators read every report.`,
  },
];
