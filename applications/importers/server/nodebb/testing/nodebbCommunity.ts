import Redis from "ioredis";

/**
 * A small NodeBB community written the way NodeBB writes it (src/categories/create.js, src/user/create.js,
 * src/topics/create.js, src/posts/create.js, src/posts/votes.js, src/user/bans.js): nested categories, an
 * administrator, a global moderator and members (one banned, one whose ban has lapsed, one deleted, one who
 * never confirmed their address), topics with replies and tags (one tagged the pre-1.18 way), votes, one
 * deleted topic, one deleted post, a markdown body carrying a script tag, each category's privileges, a
 * staff-only category holding a topic, a disabled category, members' photos (NodeBB's upload paths: one served,
 * one missing), a signature, and replies answering a reply (`toPid`) or the topic's first post.
 */
const day = (n: number): number => Date.UTC(2023, 0, 1) + n * 86_400_000;

/** nb_admin's uploaded photo, a path on the NodeBB site (served by the test's photo server). */
export const PHOTO_PATH = "/assets/uploads/profile/uid-1/1-profileavatar.png";
/** nb_moderator's photo, gone from the site. */
export const MISSING_PHOTO_PATH = "/assets/uploads/profile/uid-2/2-profileavatar.png";

/** pid 13 answers pid 8, each next one the one before: six levels. */
const DEEP_REPLIES = ["13", "14", "15", "16", "17"].map((pid, i) => ({
  pid,
  uid: i % 2 === 0 ? "3" : "4",
  content: `Level ${i + 2} of the keyboard thread.`,
  timestamp: day(33 + i),
  toPid: i === 0 ? "8" : String(12 + i),
}));

export const COMMUNITY = {
  categories: [
    { cid: "1", parentCid: "0", name: "Announcements", description: "News from the team", order: 1 },
    { cid: "2", parentCid: "0", name: "General", description: "", order: 2 },
    { cid: "3", parentCid: "2", name: "Help", description: "Ask anything", order: 1 },
    { cid: "4", parentCid: "2", name: "Off-topic", description: "", order: 2 },
    { cid: "5", parentCid: "3", name: "Hardware", description: "Screws and chips", order: 1 },
    // Only the global moderators (and, as always, the administrators) may enter.
    {
      cid: "6",
      parentCid: "0",
      name: "Staff Room",
      description: "Moderators only",
      order: 3,
      staffOnly: true,
    },
    // Switched off: NodeBB shows it to its administrators alone.
    { cid: "7", parentCid: "0", name: "Archive", description: "", order: 4, disabled: true },
  ],
  users: [
    {
      uid: "1",
      username: "nb_admin",
      group: "administrators",
      joindate: day(0),
      picture: PHOTO_PATH,
    },
    {
      uid: "2",
      username: "nb_moderator",
      group: "Global Moderators",
      joindate: day(1),
      picture: MISSING_PHOTO_PATH,
    },
    {
      uid: "3",
      username: "nb_alice",
      group: null,
      joindate: day(2),
      aboutme: "I fix bikes.",
      signature: "Fixing bikes since **1999**",
    },
    { uid: "4", username: "nb_bob", group: null, joindate: day(3), banned: "0" },
    { uid: "6", username: "nb_carol", group: null, joindate: day(5), banned: String(day(6)) },
    // Never confirmed the address (NodeBB 3 keeps it in the confirmation, not in the member's hash).
    { uid: "7", username: "nb_dave", group: null, joindate: day(7), pendingEmail: "dave@example.org" },
  ],
  /** uid 5 made an account, posted, and deleted it: NodeBB removes the member and keeps the posts. */
  deletedUid: "5",
  topics: [
    {
      tid: "1",
      cid: "1",
      uid: "1",
      title: "Welcome to the community",
      timestamp: day(10),
      locked: "1",
      pinned: "1",
      viewcount: "42",
      tags: "welcome,news",
      deleted: "0",
      posts: [
        {
          pid: "1",
          uid: "1",
          content: "Hello **everyone**, read the rules.",
          timestamp: day(10),
          edited: day(11),
        },
        { pid: "2", uid: "3", content: "Thanks, glad to be here!", timestamp: day(12) },
      ],
    },
    {
      tid: "2",
      cid: "3",
      uid: "3",
      title: "How do I reset my password?",
      timestamp: day(20),
      locked: "0",
      pinned: "0",
      viewcount: "7",
      tags: "help",
      deleted: "0",
      posts: [
        {
          pid: "3",
          uid: "3",
          timestamp: day(20),
          content: "I *forgot* it.\n\n<script>alert('stolen')</script>\n\nAny idea?",
        },
        { pid: "4", uid: "2", content: "Use the **Forgot password** link.", timestamp: day(21), toPid: "3" },
        // A reply to nb_moderator's reply: nested under it here.
        { pid: "5", uid: "5", content: "Same problem here.", timestamp: day(22), toPid: "4" },
        { pid: "6", uid: "3", content: "Spam I regret.", timestamp: day(23), deleted: "1" },
        // Answers the deleted post: not nested here, and the report says so.
        { pid: "12", uid: "4", content: "What spam?", timestamp: day(24), toPid: "6" },
      ],
    },
    {
      tid: "3",
      cid: "5",
      uid: "5",
      title: "Old keyboards",
      timestamp: day(30),
      locked: "0",
      pinned: "0",
      viewcount: "3",
      legacyTags: ["hardware", "keyboards"],
      deleted: "0",
      posts: [
        { pid: "7", uid: "5", content: "Who still types on a Model M?", timestamp: day(30) },
        { pid: "8", uid: "4", content: "Me, every day.", timestamp: day(31), edited: day(32) },
        // A thread of replies deeper than the five levels here: the last sits beside the one it answers.
        ...DEEP_REPLIES,
      ],
    },
    {
      tid: "4",
      cid: "4",
      uid: "3",
      title: "A thread removed by the moderators",
      timestamp: day(40),
      locked: "0",
      pinned: "0",
      viewcount: "1",
      tags: "",
      deleted: "1",
      posts: [
        { pid: "9", uid: "3", content: "Something rude.", timestamp: day(40) },
        { pid: "10", uid: "4", content: "Even ruder.", timestamp: day(41) },
      ],
    },
    {
      tid: "5",
      cid: "6",
      uid: "2",
      title: "Who handles the spam queue this week?",
      timestamp: day(50),
      locked: "0",
      pinned: "0",
      viewcount: "2",
      tags: "",
      deleted: "0",
      posts: [{ pid: "11", uid: "2", content: "I can take Monday to Wednesday.", timestamp: day(50) }],
    },
  ],
  votes: [
    { uid: "3", pid: "1", kind: "upvote", at: day(13) },
    { uid: "2", pid: "3", kind: "upvote", at: day(21) },
    { uid: "1", pid: "2", kind: "upvote", at: day(14) },
    { uid: "4", pid: "5", kind: "downvote", at: day(23) },
    { uid: "1", pid: "10", kind: "upvote", at: day(42) },
    { uid: "6", pid: "6", kind: "downvote", at: day(24) },
  ],
} as const;

/** The privileges NodeBB gives a new category's groups (src/categories/create.js, src/privileges/categories.js). */
const DEFAULT_PRIVILEGES: Record<string, readonly string[]> = {
  "registered-users": [
    "find",
    "read",
    "topics:read",
    "topics:create",
    "topics:reply",
    "topics:tag",
    "posts:edit",
  ],
  guests: ["find", "read", "topics:read"],
  spiders: ["find", "read", "topics:read"],
  "Global Moderators": ["find", "read", "topics:read", "topics:create", "topics:reply", "moderate"],
};

/** A staff-only category: members and guests lost every privilege in it. */
const STAFF_PRIVILEGES: Record<string, readonly string[]> = {
  "Global Moderators": DEFAULT_PRIVILEGES["Global Moderators"]!,
};

/** What an import of COMMUNITY makes, and what it skips. */
export const EXPECTED = {
  categories: 7,
  users: 6,
  discussions: 4,
  comments: 10,
  reactions: 4,
  skipped: {
    discussions: ["4"],
    comments: ["6", "10"],
    reactions: 2,
  },
} as const;

export async function loadCommunity(redisUrl: string, db = 0): Promise<void> {
  const client = new Redis(redisUrl, {
    db,
    enableReadyCheck: false,
    disableClientInfo: true,
    lazyConnect: true,
  });
  await client.connect();
  try {
    const write = client.pipeline();
    let posts = 0;
    for (const category of COMMUNITY.categories) {
      const { cid, parentCid, name, description, order } = category;
      const slug = `${cid}/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
      const disabled = "disabled" in category ? 1 : 0;
      write.hset(`category:${cid}`, { cid, parentCid, name, description, slug, order, disabled });
      // Each privilege is a group whose members are the groups holding it (src/categories/create.js's defaults).
      const holders = "staffOnly" in category ? STAFF_PRIVILEGES : DEFAULT_PRIVILEGES;
      for (const [group, privileges] of Object.entries(holders))
        for (const privilege of privileges)
          write.zadd(`group:cid:${cid}:privileges:groups:${privilege}:members`, day(0), group);
      // nb_alice may read the staff room on her own (a per-member grant, which has no match here).
      if ("staffOnly" in category)
        for (const privilege of ["find", "read", "topics:read"])
          write.zadd(`group:cid:${cid}:privileges:${privilege}:members`, day(2), "3");
      write.zadd("categories:cid", order, cid);
      write.zadd(`cid:${parentCid}:children`, order, cid);
    }
    for (const user of COMMUNITY.users) {
      const hash: Record<string, string | number> = {
        uid: user.uid,
        username: user.username,
        userslug: user.username.toLowerCase(),
        joindate: user.joindate,
        lastonline: user.joindate + 3_600_000,
        status: "online",
      };
      if ("pendingEmail" in user) {
        write.set(`confirm:byUid:${user.uid}`, `code${user.uid}`);
        write.hset(`confirm:code${user.uid}`, { email: user.pendingEmail, uid: user.uid, expires: day(8) });
      } else {
        hash.email = `${user.username}@example.com`;
      }
      if ("aboutme" in user) hash.aboutme = user.aboutme;
      if ("signature" in user) hash.signature = user.signature;
      // NodeBB keeps the photo in use in `picture` and the member's own upload in `uploadedpicture`.
      if ("picture" in user) Object.assign(hash, { picture: user.picture, uploadedpicture: user.picture });
      if ("banned" in user) {
        hash.banned = 1;
        hash["banned:expire"] = user.banned;
        write.zadd("users:banned", user.joindate, user.uid);
      }
      write.hset(`user:${user.uid}`, hash);
      write.zadd("users:joindate", user.joindate, user.uid);
      write.zadd("group:registered-users:members", user.joindate, user.uid);
      if (user.group) write.zadd(`group:${user.group}:members`, user.joindate, user.uid);
    }
    for (const topic of COMMUNITY.topics) {
      const [main] = topic.posts;
      const hash: Record<string, string | number> = {
        tid: topic.tid,
        uid: topic.uid,
        cid: topic.cid,
        mainPid: main.pid,
        title: topic.title,
        slug: `${topic.tid}/${topic.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
        timestamp: topic.timestamp,
        lastposttime: topic.posts[topic.posts.length - 1]!.timestamp,
        postcount: topic.posts.length,
        viewcount: topic.viewcount,
        locked: topic.locked,
        pinned: topic.pinned,
        deleted: topic.deleted,
      };
      if ("tags" in topic) hash.tags = topic.tags;
      else write.sadd(`topic:${topic.tid}:tags`, ...topic.legacyTags);
      write.hset(`topic:${topic.tid}`, hash);
      write.zadd("topics:tid", topic.timestamp, topic.tid);
      write.zadd(`cid:${topic.cid}:tids`, topic.timestamp, topic.tid);
      for (const post of topic.posts) {
        posts += 1;
        const postHash: Record<string, string | number> = {
          pid: post.pid,
          uid: post.uid,
          tid: topic.tid,
          content: post.content,
          timestamp: post.timestamp,
          edited: "edited" in post ? post.edited : 0,
          deleted: "deleted" in post ? post.deleted : 0,
        };
        if ("toPid" in post) postHash.toPid = post.toPid;
        write.hset(`post:${post.pid}`, postHash);
        write.zadd("posts:pid", post.timestamp, post.pid);
        write.zadd(`tid:${topic.tid}:posts`, post.timestamp, post.pid);
      }
    }
    for (const vote of COMMUNITY.votes) {
      write.zadd(`uid:${vote.uid}:${vote.kind}`, vote.at, vote.pid);
      write.sadd(`pid:${vote.pid}:${vote.kind}`, vote.uid);
    }
    write.hset("global", {
      nextUid: 7,
      nextCid: COMMUNITY.categories.length,
      nextTid: COMMUNITY.topics.length,
      nextPid: posts,
      userCount: COMMUNITY.users.length,
      topicCount: COMMUNITY.topics.length,
      postCount: posts,
    });
    const replies = (await write.exec()) ?? [];
    const failed = replies.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  } finally {
    client.disconnect();
  }
}
