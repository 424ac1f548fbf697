/**
 * Realistic posts for tuning the spam score: first posts of honest new members (none may be held) and spam
 * (most must be). Each is posted as the first post of an account created a moment before, the hardest case
 * for the honest ones. Bodies are in the formats members really send: rich2 from the editor (mentions and
 * links as nodes), Markdown from the form that works without JavaScript and from API clients.
 */

export interface CorpusPost {
  /** What kind of post it is (shown when a test fails). */
  kind: string;
  format: "rich2" | "markdown" | "text";
  body: string;
}

type Segment = string | { mention: string } | { link: string; text: string };

/** A rich2 paragraph of text, mention and link segments, as the editor saves it. */
function rich(...segments: Segment[]): CorpusPost["body"] {
  const children = segments.map((segment) => {
    if (typeof segment === "string") return { text: segment };
    if ("mention" in segment) return { type: "mention", name: segment.mention, children: [{ text: "" }] };
    return { type: "a", url: segment.link, children: [{ text: segment.text }] };
  });
  return JSON.stringify([{ type: "p", children }]);
}

const md = (kind: string, body: string): CorpusPost => ({ kind, format: "markdown", body });
const editor = (kind: string, ...segments: Segment[]): CorpusPost => ({
  kind,
  format: "rich2",
  body: rich(...segments),
});
const text = (kind: string, body: string): CorpusPost => ({ kind, format: "text", body });

const fence = "```";

/** 50 first posts of honest new members. */
export const HONEST_FIRST_POSTS: readonly CorpusPost[] = [
  // Introductions
  md(
    "introduction",
    "Hi everyone! I'm Priya from Pune. I've been lurking for a few months and finally made an account. Looking forward to learning from you all.",
  ),
  md(
    "introduction",
    "Hello! New here. I run a small bakery and I'm hoping to pick up some tips on sourdough starters.",
  ),
  text(
    "introduction",
    "Hey all, Tom here. Retired teacher, amateur astronomer, and now apparently a forum member :)",
  ),
  md("introduction", "Greetings from Oslo! I found this forum through a friend. Happy to be here."),
  md("introduction", "Hi, I'm Sam (they/them). Long-time reader, first-time poster."),
  editor(
    "introduction with a mention",
    "Hi ",
    { mention: "Moderator Maya" },
    ", thanks for approving my account. Excited to join the discussion!",
  ),
  md(
    "introduction",
    "Hi! I'm a junior developer working mostly with TypeScript and PostgreSQL at a small NGO. Nice to meet you all.",
  ),
  md("introduction", "HELLO FROM NZ! Long-time fan of the podcast, first time posting here."),
  // Questions
  md("question", "How do I reset my password if I no longer have access to my old email address?"),
  md(
    "question",
    "Does anyone know whether the 2.4 release still supports Node 18? The changelog doesn't say.",
  ),
  md("question", "What's the best way to keep basil alive indoors during winter? Mine keeps wilting."),
  text(
    "question",
    "Is it normal for the fan to run at full speed right after boot? It calms down after a minute.",
  ),
  md(
    "question",
    "I'm getting 'permission denied' when I try to upload an avatar. Am I doing something wrong?",
  ),
  md(
    "question",
    "Quick question: where do I change the notification settings? I get an email for every single reply.",
  ),
  md(
    "question",
    "My sourdough is dense and doesn't rise much. I feed the starter twice a day. Any idea what I'm missing?",
  ),
  md(
    "question",
    "Has anyone migrated from MySQL 5.7 to 8.0 with a large database (about 400 GB)? How long did it take?",
  ),
  md(
    "question",
    "What does ERR_OSSL_EVP_UNSUPPORTED mean and how do I fix it? I'm on Node 17 and Webpack 4.",
  ),
  md("question", "Is the HTTP API REST or GraphQL? I need JSON over HTTPS from an ESP32."),
  // Replies with mentions
  editor("reply with a mention", { mention: "Alice" }, " thanks, that worked perfectly!"),
  md("reply with a mention", "@bob I had the same issue. Updating the driver fixed it for me."),
  editor(
    "reply with two mentions",
    { mention: "Carol Diaz" },
    " and ",
    { mention: "dan" },
    " - thank you both, very helpful.",
  ),
  md("reply with a mention", "Agreed with @erin here, the second option is much simpler."),
  md("reply with a mention", "@frank did you ever find a solution? I'm seeing the same error on Windows 11."),
  editor(
    "reply with three mentions",
    "Thanks ",
    { mention: "grace" },
    ", ",
    { mention: "heidi" },
    " and ",
    { mention: "ivan" },
    "! I'll try all three suggestions tonight.",
  ),
  md("reply with a mention", "@judy_k could you share your config file? I'd like to compare with mine."),
  // Links to documentation
  md(
    "link to docs",
    "The official docs cover this: https://nodejs.org/api/fs.html#fspromisesreadfilepath-options",
  ),
  md(
    "link to docs",
    "See [the PostgreSQL manual on VACUUM](https://www.postgresql.org/docs/current/sql-vacuum.html), it explains why the table keeps growing.",
  ),
  md(
    "link to docs",
    "There's a good guide here: https://developer.mozilla.org/en-US/docs/Web/HTTP/CORS - the section on preflight requests is what you need.",
  ),
  md(
    "two links to docs and a mention",
    "@kim I followed https://wiki.archlinux.org/title/Systemd and then the FAQ at https://wiki.archlinux.org/title/Systemd/FAQ and it worked.",
  ),
  editor(
    "link in the editor",
    "Found the answer in ",
    { link: "https://example.org/releases/2.4", text: "the release notes" },
    ". You have to clear the cache after upgrading.",
  ),
  md(
    "link to another thread",
    "Same problem as [this thread](/discussion/12/sourdough-basics), which was solved by a warmer proofing spot.",
  ),
  // Code snippets
  md(
    "code snippet with addresses",
    `This request returns 401 but works in Postman:\n\n${fence}\ncurl -H "Accept: application/json" https://api.example.com/v1/items?page=2\ncurl https://api.example.com/v1/items?page=3\ncurl https://api.example.com/v1/health\n${fence}\n\nAny ideas?`,
  ),
  md(
    "config snippet",
    `Here's my config:\n\n${fence}yaml\nserver:\n  port: 8080\n  url: http://localhost:8080\n  upstream: http://10.0.0.2:9000\n  fallback: http://10.0.0.3:9000\n${fence}\n\nWhat am I doing wrong?`,
  ),
  md(
    "inline code",
    "Run `npm install --save-dev typescript` first, then `npx tsc --init`, and the error goes away.",
  ),
  md(
    "python snippet",
    `This hangs forever on my machine:\n\n${fence}python\nimport requests\nr = requests.get("https://httpbin.org/get", timeout=5)\nprint(r.status_code)\n${fence}`,
  ),
  md(
    "SQL snippet",
    `Why is this so slow?\n\n${fence}sql\nSELECT COUNT(*) FROM ORDERS WHERE CREATED_AT > NOW() - INTERVAL '1 DAY' AND STATUS = 'PAID' AND CUSTOMER_ID IN (SELECT ID FROM CUSTOMERS);\n${fence}`,
  ),
  md(
    "JavaScript snippet",
    `Solved it, the loop needed an await:\n\n${fence}js\nfor (const file of files) {\n  await upload(file);\n  console.log("uploaded", file);\n  console.log("uploaded", file);\n  console.log("uploaded", file);\n}\n${fence}`,
  ),
  // Short thanks (the same few words are posted by many honest members)
  md("short thanks", "Thanks!"),
  md("short thanks", "Thank you so much, that solved it!"),
  md("short thanks", "Thank you so much, that solved it!"),
  md("short thanks", "Thank you so much, that solved it!"),
  md("short thanks", "+1, same here."),
  md("short welcome", "Welcome to the forum, glad you found us!"),
  md("short welcome", "Welcome to the forum, glad you found us!"),
  // Not in English
  md(
    "French",
    "Bonjour à tous ! Je suis nouveau ici et j'espère apprendre beaucoup sur la photographie argentique.",
  ),
  md("German", "Hallo zusammen, weiß jemand, wie man die Benachrichtigungen per E-Mail abschaltet?"),
  md("Chinese", "大家好！我是新来的，请多指教。我想了解更多关于园艺的知识。"),
  md("Japanese", "こんにちは。初めて投稿します。よろしくお願いします。"),
  md("Russian", "Привет всем! Подскажите, пожалуйста, как настроить резервное копирование?"),
  md("Arabic", "مرحبا بالجميع، أنا جديد هنا وأتطلع إلى التعلم منكم."),
];

const links = (count: number, base: string) =>
  Array.from({ length: count }, (_, index) => `${base}${index + 1}`).join(" ");

/** 20 spam posts, each the first post of a new account. */
export const SPAM_POSTS: readonly CorpusPost[] = [
  md(
    "link farm",
    `Best cheap SEO services for your business: ${[
      "https://seo-one.example",
      "https://seo-two.example",
      "https://seo-three.example",
      "https://seo-four.example",
      "https://seo-five.example",
      "https://seo-six.example",
      "https://seo-seven.example",
      "https://seo-eight.example",
    ].join(" ")}`,
  ),
  md(
    "pharma",
    "Buy viagra online without prescription, cheap cialis, fast discreet delivery: https://pills-shop.example/buy",
  ),
  md(
    "crypto",
    "Double your Bitcoin in 24 hours! Send 0.1 BTC and receive 0.2 BTC back. Guaranteed profit: https://btc-double.example",
  ),
  md(
    "crypto giveaway",
    "Crypto giveaway! 5000 ETH for the community, claim now at https://eth-claim.example before it ends.",
  ),
  md("repeated text", `${"cheap watches ".repeat(30)}https://watches.example`),
  md(
    "repeated lines",
    Array.from({ length: 10 }, () => "Best loans here -> http://loans.example").join("\n\n"),
  ),
  md(
    "shouting",
    "MAKE $5000 A WEEK WORKING FROM HOME!!! NO EXPERIENCE NEEDED!!! CLICK NOW http://jobs-now.example",
  ),
  md(
    "shouting phishing",
    "ATTENTION ALL MEMBERS THIS FORUM IS CLOSING TOMORROW. SEND YOUR PASSWORD TO THE ADMIN TEAM TO KEEP YOUR ACCOUNT",
  ),
  md("many links", `Great resources: ${links(12, "https://mirror.example/file")}`),
  md("hidden link", "Great post, thanks for sharing. [](http://hidden.example/landing)"),
  md(
    "disguised link",
    "Your account has been limited. Verify your account here: [https://www.paypal.com/signin](http://paypa1-secure.example/login)",
  ),
  md(
    "casino",
    "Best online casino bonus this year, free spins and no deposit needed: https://casino.example/bonus https://casino.example/spins",
  ),
  md(
    "loans",
    "Need cash fast? Payday loans approved in 5 minutes, bad credit OK. Apply today: https://loans-fast.example",
  ),
  md(
    "replicas",
    "Replica watches and designer replica handbags, 90% off with free shipping worldwide https://replica.example https://replica-two.example",
  ),
  md(
    "weight loss",
    "Lose 20 pounds in 2 weeks with this one weird trick! Our keto diet pills work for everyone https://keto.example",
  ),
  md(
    "backlinks",
    "We sell high quality backlinks and guest posts for your website. Contact: https://links.example, https://links.example/prices, https://links.example/contact",
  ),
  md(
    "copied by several accounts",
    "Great article! For more info visit https://spam-blog.example/great-article",
  ),
  md(
    "copied by several accounts",
    "Great article! For more info visit https://spam-blog.example/great-article",
  ),
  md(
    "forex",
    "Forex trading signals with 95% accuracy. Join our Telegram t.me/forexsignals and earn passive income daily!",
  ),
  md(
    "disguised words",
    "[cheap](http://a.example) [flights](http://b.example) [hotels](http://c.example) [cars](http://d.example) [deals](http://e.example)",
  ),
];
