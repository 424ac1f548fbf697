import "../../api/qnaWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { QNA_FILTER_STATUSES } from "../../api/qnaStatusFilter";
import { QNA_STATUSES } from "../../api/qnaStatuses";
import { qnaStatusFilterHtml } from "./qnaStatusFilterHtml";
import { QUESTION_TYPE } from "./questionStatus";

/** Whether the category takes questions (its allowed post types name `question`). */
async function categoryTakesQuestions(app: AppContext, categoryID: number): Promise<boolean> {
  const row = await app.db
    .selectFrom("categories")
    .select("allowedDiscussionTypes")
    .where("categoryID", "=", categoryID)
    .executeTakeFirst();
  if (!row) return false;
  try {
    const types: unknown = JSON.parse(row.allowedDiscussionTypes);
    return Array.isArray(types) && types.includes(QUESTION_TYPE);
  } catch {
    return false;
  }
}

/**
 * Above the recent discussions and the list of each category that takes questions: 'Questions' with
 * Unanswered, Answered and Accepted, each the list filtered to questions of that status (and 'All' back).
 */
export function registerQnaStatusFilter(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussionList.filters", {
    component: "QnaStatusFilter",
    props: async ({ app, listUrl, categoryID, filter }) => {
      if (categoryID !== undefined && !(await categoryTakesQuestions(app, categoryID))) return null;
      const shown = filter.type === QUESTION_TYPE ? filter.statusID : undefined;
      const current =
        QNA_FILTER_STATUSES.find(({ status }) => QNA_STATUSES[status] === shown)?.status ?? null;
      return { listUrl, current };
    },
    html: (props, { t }) => qnaStatusFilterHtml(props, t),
  });
}
