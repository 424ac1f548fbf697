import type { PostValidator } from "@library/server/addons/postValidators";
import "../tables";

/** An external link in rendered HTML (mentions and other site links are relative and allowed). */
const EXTERNAL_LINK = /<a\s[^>]*href\s*=\s*["']?(?:https?:)?\/\//i;
/** An address written out in the text, which readers copy even where it is not a link. */
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<]/i;

/** True when a rendered body links out or spells out a web address. */
export function hasLinks(bodyHtml: string): boolean {
  return EXTERNAL_LINK.test(bodyHtml) || BARE_URL.test(bodyHtml.replace(/<[^>]*>/g, " "));
}

export const LINKS_NEED_RANK_CODE = "rankRequired";

/**
 * Rank-granted ability "links": once a rank allows links, a member below the lowest such rank may not post one
 * (staff may). Read inside the post's transaction.
 */
export const rankLinksValidator: PostValidator = async (post, trx) => {
  if (!hasLinks(post.bodyHtml)) return [];
  if (post.viewer.has(["community.moderate", "site.manage"])) return [];
  const lowest = await trx
    .selectFrom("ranks")
    .select(["name", "level"])
    .where("allowLinks", "=", 1)
    .orderBy("level")
    .executeTakeFirst();
  if (!lowest) return [];
  const held = await trx
    .selectFrom("userRanks")
    .innerJoin("ranks", "ranks.rankID", "userRanks.rankID")
    .select("ranks.level")
    .where("userRanks.userID", "=", post.userID)
    .executeTakeFirst();
  if (held && held.level >= lowest.level) return [];
  return [
    {
      field: "body",
      code: LINKS_NEED_RANK_CODE,
      message: `You need the rank ${lowest.name} or higher to post links.`,
    },
  ];
};
