import type { Rich2Block, Rich2Inline } from "@forum/api/rich2";
import { discussionUrl } from "../../applications/forum/server/content/urls";
import { prepareBody, type StoredBody } from "../../applications/forum/server/content/bodies";
import { link, list, p, quote, t } from "../../applications/forum/server/seed/rich2Builders";
import type { Random } from "./random";
import {
  CLOSERS,
  CODE_SNIPPETS,
  LINKS,
  LIST_ITEMS,
  OPENERS,
  PREDICATES,
  SHORT_REPLIES,
  SUBJECTS,
  THINGS,
  TOPICS,
  VERBS,
} from "./vocabulary";

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentence(random: Random): string {
  switch (random.int(0, 4)) {
    case 0:
      return `${capitalise(random.pick(SUBJECTS))} ${random.pick(PREDICATES)}.`;
    case 1:
      return `When I ${random.pick(VERBS)} ${random.pick(TOPICS)}, ${random.pick(SUBJECTS)} ${random.pick(PREDICATES)}.`;
    case 2:
      return `We tried to ${random.pick(VERBS)} ${random.pick(THINGS)} and ${random.pick(SUBJECTS)} ${random.pick(PREDICATES)}.`;
    case 3:
      return `On our site ${random.pick(TOPICS)} ${random.pick(PREDICATES)}.`;
    default:
      return `My guess is that ${random.pick(THINGS)} ${random.pick(PREDICATES)}.`;
  }
}

/** A paragraph of 1–4 sentences, sometimes with a bold, italic or code run, a link or a mention. */
function paragraph(random: Random, members: readonly string[], withOpener: boolean): Rich2Block {
  const inlines: Rich2Inline[] = [];
  const sentences = random.int(1, 4);
  let text = withOpener ? `${random.pick(OPENERS)} ` : "";
  for (let index = 0; index < sentences; index += 1) text += `${sentence(random)} `;
  inlines.push(t(text));
  const extra = random.int(0, 9);
  if (extra === 0) inlines.push(t(random.pick(PREDICATES), { bold: true }), t(". "));
  else if (extra === 1) inlines.push(t("Edit: ", { italic: true }), t(`${sentence(random)} `));
  else if (extra === 2)
    inlines.push(t("The setting is "), t("garden.cache.enabled", { code: true }), t(". "));
  else if (extra === 3) {
    const target = random.pick(LINKS);
    inlines.push(t("See "), link(target.text, target.url), t(" for details. "));
  } else if (extra === 4) {
    const memberIndex = random.int(0, members.length - 1);
    const name = members[memberIndex] ?? "";
    inlines.push(
      t("Maybe "),
      { type: "mention", name, userID: memberIndex + 1, children: [t(`@${name}`)] },
      t(" knows? "),
    );
  }
  if (random.chance(0.3)) inlines.push(t(random.pick(CLOSERS)));
  return p(...inlines);
}

function document(index: number, random: Random, members: readonly string[]): Rich2Block[] {
  // A third of the pool are one-line replies, the rest one to five blocks of varied shape.
  if (index % 3 === 0) {
    return random.chance(0.5)
      ? [p(t(random.pick(SHORT_REPLIES)))]
      : [p(t(`${random.pick(SHORT_REPLIES)} ${sentence(random)}`))];
  }
  const blocks: Rich2Block[] = [paragraph(random, members, true)];
  const extraBlocks = random.int(0, 4);
  for (let block = 0; block < extraBlocks; block += 1) {
    const kind = random.int(0, 11);
    if (kind <= 4) blocks.push(paragraph(random, members, false));
    else if (kind === 5 || kind === 6) {
      const items = new Set<string>();
      const count = random.int(2, 5);
      while (items.size < count) items.add(random.pick(LIST_ITEMS));
      blocks.push(list([...items]));
    } else if (kind === 7) blocks.push(quote(sentence(random)));
    else if (kind === 8)
      blocks.push({ type: "code_block", children: random.pick(CODE_SNIPPETS).map((line) => t(line)) });
    else if (kind === 9)
      blocks.push({ type: "h3", children: [t(random.pick(["Update", "What I tried", "Steps", "Result"]))] });
    else if (kind === 10) {
      const memberIndex = random.int(0, members.length - 1);
      const discussionID = random.int(1, 5000);
      blocks.push({
        type: "quote",
        author: { name: members[memberIndex] ?? "", userID: memberIndex + 1 },
        url: discussionUrl(discussionID, "earlier thread"),
        children: [p(t(sentence(random)))],
      });
    } else blocks.push(p(t(random.pick(CLOSERS), { italic: true })));
  }
  return blocks;
}

/** `size` rich2 documents, each rendered once through the app's write path (`prepareBody`). */
export function buildBodyPool(size: number, random: Random, members: readonly string[]): StoredBody[] {
  const pool: StoredBody[] = [];
  for (let index = 0; index < size; index += 1)
    pool.push(prepareBody("rich2", JSON.stringify(document(index, random, members))));
  return pool;
}
