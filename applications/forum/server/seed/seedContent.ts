import type { Rich2Block } from "@forum/api/rich2";
import { link, list, p, quote, t } from "./rich2Builders";

/** Demo content: categories, members and threads of a small product community. */
export interface SeedThread {
  category: string;
  author: number;
  name: string;
  daysAgo: number;
  pinned?: boolean;
  body: Rich2Block[];
  replies: string[];
}

export const SEED_THREADS: SeedThread[] = [
  {
    category: "announcements",
    author: 0,
    name: "Welcome to the community!",
    daysAgo: 27,
    pinned: true,
    body: [
      p(
        t(
          "Hello and welcome! This is the place to ask questions, share what you have built and tell us what to make next.",
        ),
      ),
      p(t("A few things to get you started:", { bold: true })),
      list([
        "Introduce yourself in Off Topic",
        "Search before asking: many answers are already here",
        "Be kind; we are all learning",
      ]),
      p(
        t("Read the "),
        link("community guidelines", "https://example.com/guidelines"),
        t(" before posting."),
      ),
    ],
    replies: ["Happy to be here!", "Thanks for setting this up.", "Great to see a proper forum at last."],
  },
  {
    category: "announcements",
    author: 0,
    name: "Release 2.4: faster search and dark mode",
    daysAgo: 6,
    body: [
      p(
        t(
          "Version 2.4 is out today. Search results now arrive in under 50 ms on most sites, and dark mode follows your system setting.",
        ),
      ),
      list([
        "Search indexes rebuilt in the background",
        "Dark mode for every page",
        "Twelve bug fixes from your reports",
      ]),
      quote("This is the release I have been waiting for. — one of our beta testers"),
      p(t("Full notes are on the "), link("changelog", "https://example.com/changelog"), t(".")),
    ],
    replies: [
      "Dark mode looks great.",
      "Search is noticeably quicker, thanks!",
      "Any plans for a high-contrast theme?",
      "Upgraded without a hitch.",
    ],
  },
  {
    category: "general",
    author: 1,
    name: "What are you building this month?",
    daysAgo: 20,
    body: [
      p(
        t(
          "I am moving our team wiki over and wiring it into our support inbox. Curious what everyone else is working on.",
        ),
      ),
      p(t("Share a screenshot if you can!", { italic: true })),
    ],
    replies: [
      "A help centre for a small bakery chain.",
      "Migrating 8,000 posts from an old board.",
      "An internal Q&A for our engineers.",
      "Nothing fancy, just learning the ropes.",
    ],
  },
  {
    category: "general",
    author: 2,
    name: "Tips for keeping discussions on topic",
    daysAgo: 15,
    body: [
      p(t("Our community grew fast and threads started drifting. Here is what helped us:")),
      list([
        "Pin a short posting guide in each category",
        "Split long tangents into new threads",
        "Thank people who summarise",
      ]),
      p(t("What works for you?")),
    ],
    replies: [
      "Splitting threads made a huge difference for us.",
      "We give summarisers a badge.",
      "Clear category descriptions help too.",
    ],
  },
  {
    category: "general",
    author: 3,
    name: "Markdown or rich text?",
    daysAgo: 11,
    body: [
      p(
        t("Do your members prefer the rich editor or plain "),
        t("markdown", { code: true }),
        t("? We are split about fifty-fifty."),
      ),
      p(t("The rich editor is friendlier, but power users love typing their formatting.")),
    ],
    replies: [
      "Rich text for members, markdown for staff.",
      "Our members never touch markdown.",
      "Offer both and let people choose.",
    ],
  },
  {
    category: "getting-started",
    author: 2,
    name: "How do I change the site logo?",
    daysAgo: 18,
    body: [
      p(
        t(
          "I uploaded a new logo in the dashboard but the old one still shows on the home page. Am I missing a step?",
        ),
      ),
    ],
    replies: [
      "Clear your browser cache; the old file is cached for a day.",
      "Also check the mobile logo setting, it is separate.",
      "That was it, thank you!",
    ],
  },
  {
    category: "getting-started",
    author: 1,
    name: "Inviting my team as moderators",
    daysAgo: 9,
    body: [
      p(t("What is the quickest way to give five colleagues moderator rights?")),
      list(["Create their accounts", "Open each user in the dashboard", "Add the Moderator role"]),
      p(t("Is there a bulk option I have missed?")),
    ],
    replies: [
      "Not yet in bulk, but it is on the roadmap.",
      "Invitations with a role preset would be lovely.",
    ],
  },
  {
    category: "getting-started",
    author: 3,
    name: "Setting up email notifications",
    daysAgo: 4,
    body: [
      p(t("Emails go to the outbox but never leave. Which SMTP settings do I need?")),
      quote("Email goes through SMTP when configured, else into an outbox table."),
    ],
    replies: [
      "Set the SMTP host, port and credentials, then restart.",
      "Port 587 with STARTTLS works for most providers.",
      "Working now, thanks both.",
    ],
  },
  {
    category: "help",
    author: 0,
    name: "Read this before asking for help",
    daysAgo: 26,
    body: [
      p(t("To get a quick answer, please include:")),
      list([
        "Your version number",
        "What you expected to happen",
        "What happened instead, with any error text",
      ]),
    ],
    replies: ["Very useful, thank you."],
  },
  {
    category: "feature-requests",
    author: 1,
    name: "Scheduled posts",
    daysAgo: 22,
    body: [
      p(t("It would be great to write an announcement now and have it publish on Monday morning.")),
      p(t("Drafts already exist, so a "), t("publish at", { bold: true }), t(" date seems a small step.")),
    ],
    replies: [
      "+1, our launches would be much calmer.",
      "Time zones will be the tricky part.",
      "Would love this for weekly digests.",
      "Count me in.",
      "Same here!",
    ],
  },
  {
    category: "feature-requests",
    author: 3,
    name: "Reactions on comments",
    daysAgo: 13,
    body: [p(t('A quick way to say thanks without adding a reply would cut down on "+1" comments.'))],
    replies: [
      "Yes please, with a score sort.",
      "Helpful / Funny / Insightful would be enough.",
      "This would clean up so many threads.",
    ],
  },
  {
    category: "feature-requests",
    author: 2,
    name: "Better search filters",
    daysAgo: 7,
    body: [
      p(t("Filtering search by author and date range would help our support team find old answers.")),
      list(["Author", "Date range", "Only answered questions"]),
    ],
    replies: ["Date range especially.", "And a category filter that includes sub-categories."],
  },
  {
    category: "off-topic",
    author: 3,
    name: "Introduce yourself!",
    daysAgo: 24,
    body: [
      p(t("New here? Tell us who you are and what brought you to the community.")),
      p(t("I will start: I run a small board-game café and use the forum for our events.")),
    ],
    replies: [
      "Hi all, I maintain a community for amateur astronomers.",
      "Hello from Lisbon!",
      "Support lead at a SaaS company, nice to meet you.",
      "Long-time lurker, first post.",
      "Welcome everyone!",
      "Great to see so many new faces.",
    ],
  },
  {
    category: "off-topic",
    author: 1,
    name: "Favourite productivity tools",
    daysAgo: 10,
    body: [p(t("Which tools keep you sane? Mine are a paper notebook and a very long to-do list."))],
    replies: [
      "A kitchen timer for focus sprints.",
      "Plain text files and a good editor.",
      "Walking meetings!",
    ],
  },
  {
    category: "off-topic",
    author: 0,
    name: "Weekend reading recommendations",
    daysAgo: 2,
    body: [
      p(t("Looking for something to read this weekend. Fiction or non-fiction, anything goes.")),
      quote("A reader lives a thousand lives before he dies."),
    ],
    replies: [
      "Project Hail Mary, no question.",
      "The Design of Everyday Things — a classic for anyone building software.",
    ],
  },
];
