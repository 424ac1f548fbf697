import { useEffect, useId, useState } from "react";
import { t } from "@library/src/i18n/translate";
import type { SearchPageForm, SearchPageSort } from "../../api/searchPageUrl";

const SORT_LABELS: Record<SearchPageSort, string> = {
  relevance: "Best Match",
  "-dateInserted": "Newest",
  dateInserted: "Oldest",
};

export interface SearchFiltersProps {
  form: SearchPageForm;
  categoryOptions: { value: number; label: string }[];
  onChange: (changes: Partial<SearchPageForm>) => void;
}

/** Names typed with commas between them. */
function namesOf(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/**
 * Sort, and for posts: category (with subcategories), author, tags and date range. Each change searches again.
 * On a phone they fold behind a "Filters" button (search.css shows the button below 800 px).
 */
export function SearchFilters({ form, categoryOptions, onChange }: SearchFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelID = useId();
  const [author, setAuthor] = useState(form.authors.map((item) => item.value).join(", "));
  useEffect(() => setAuthor(form.authors.map((item) => item.value).join(", ")), [form.authors]);
  const [tags, setTags] = useState(form.tags.map((item) => item.value).join(", "));
  useEffect(() => setTags(form.tags.map((item) => item.value).join(", ")), [form.tags]);
  const category = form.categories[0];
  const applyAuthor = () => {
    const names = namesOf(author);
    if (names.join(",") !== form.authors.map((item) => item.value).join(","))
      onChange({ authors: names.map((name) => ({ value: name, label: name })) });
  };
  const applyTags = () => {
    const names = namesOf(tags);
    if (names.join(",") !== form.tags.map((item) => item.value).join(","))
      onChange({ tags: names.map((name) => ({ value: name, label: name })) });
  };
  return (
    <>
      <button
        type="button"
        className="searchForm-filtersToggle"
        aria-expanded={open}
        aria-controls={panelID}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {t("Filters")}
      </button>
      <div id={panelID} className={`searchForm-filters${open ? "" : " isCollapsed"}`}>
        <label>
          {t("Sort by")}
          <select
            value={form.sort}
            onChange={(event) => onChange({ sort: event.target.value as SearchPageSort })}
          >
            {(Object.keys(SORT_LABELS) as SearchPageSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
              </option>
            ))}
          </select>
        </label>
        {form.domain === "all_content" && (
          <>
            <label>
              {t("Category")}
              <select
                value={category ? String(category.value) : ""}
                onChange={(event) => {
                  const chosen = categoryOptions.find(
                    (option) => String(option.value) === event.target.value,
                  );
                  onChange({ categories: chosen ? [chosen] : [] });
                }}
              >
                <option value="">{t("All Categories")}</option>
                {categoryOptions.map((option) => (
                  <option key={option.value} value={String(option.value)}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="searchForm-check">
              <input
                type="checkbox"
                checked={form.includeChildCategories}
                onChange={(event) => onChange({ includeChildCategories: event.target.checked })}
              />
              {t("Include subcategories")}
            </label>
            <label>
              {t("Author")}
              <input
                type="text"
                value={author}
                onChange={(event) => setAuthor(event.target.value)}
                onBlur={applyAuthor}
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  applyAuthor();
                }}
              />
            </label>
            <label>
              {t("Tags")}
              <input
                type="text"
                value={tags}
                onChange={(event) => setTags(event.target.value)}
                onBlur={applyTags}
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  applyTags();
                }}
              />
            </label>
            <label>
              {t("From")}
              <input
                type="date"
                value={form.startDate}
                onChange={(event) => onChange({ startDate: event.target.value })}
              />
            </label>
            <label>
              {t("To")}
              <input
                type="date"
                value={form.endDate}
                onChange={(event) => onChange({ endDate: event.target.value })}
              />
            </label>
          </>
        )}
      </div>
    </>
  );
}
