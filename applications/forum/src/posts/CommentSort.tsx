import { useId } from "react";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { DEFAULT_COMMENT_SORT, sortUrl } from "./pageUrls";
import "./posts.css";

export interface CommentSortProps {
  sort: string;
  baseUrl: string;
}

/** 'Sort by' for the comments of a discussion; a change loads the first page in the new order. */
export function CommentSort({ sort, baseUrl }: CommentSortProps) {
  const id = useId();
  const options = [
    { value: "dateInserted", label: t("Oldest") },
    { value: "-dateInserted", label: t("Newest") },
    { value: "-score", label: t("Top") },
  ];
  // The trending order (SPEC 9) is reachable by URL only; keep it selectable while it is the current one.
  if (sort === "-experimentalTrending") options.push({ value: sort, label: t("Trending") });
  const current = options.some((option) => option.value === sort) ? sort : DEFAULT_COMMENT_SORT;

  return (
    <div className="commentSort">
      <label htmlFor={id} className="commentSort-label">
        {t("Sort by")}
      </label>
      <select
        id={id}
        className="commentSort-select"
        value={current}
        onChange={(event) => fullPageNavigate(sortUrl(baseUrl, event.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
