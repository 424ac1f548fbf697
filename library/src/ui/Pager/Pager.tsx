import { useId, useState, type FormEvent } from "react";
import { abbreviateNumber, formatFullNumber } from "@library/src/formatting/numbers";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { ChevronIcon } from "@library/src/ui/icons/ChevronIcon";
import { parseJumpToPage } from "@library/src/ui/Pager/jumpToPage";
import "./Pager.css";

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  /** Items per page. */
  limit: number;
  /** Total items, when known. */
  total?: number;
  /** More pages exist beyond what total says (or total is unknown). */
  hasMorePages?: boolean;
  onChange: (page: number) => void;
}

function countText(value: number): string {
  return value > 999 ? abbreviateNumber(value) : formatFullNumber(value);
}

/** 'N - M of total', Previous/Next Page, and a jump form (SPEC 2, 4, 5). */
export function Pager({ page, limit, total, hasMorePages = false, onChange }: PagerProps) {
  const [jumping, setJumping] = useState(false);
  const [jumpValue, setJumpValue] = useState("");
  const inputID = useId();
  const totalPages =
    total !== undefined && limit > 0 ? Math.max(1, Math.ceil(total / limit)) : page + (hasMorePages ? 1 : 0);
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = total !== undefined ? Math.min(page * limit, total) : page * limit;
  const isLast = page >= totalPages && !hasMorePages;

  const range = formatText(t("{first} - {last} of {total}"), {
    first: countText(first),
    last: countText(last),
    total: total !== undefined ? `${countText(total)}${hasMorePages ? "+" : ""}` : "…",
  });

  const submitJump = (event: FormEvent) => {
    event.preventDefault();
    const target = parseJumpToPage(jumpValue, page, totalPages);
    setJumping(false);
    setJumpValue("");
    if (target !== page) onChange(target);
  };

  return (
    <nav className="pager" aria-label={t("Pagination")}>
      <Button
        variant="icon"
        aria-label={t("Previous Page")}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronIcon direction="left" />
      </Button>
      {jumping ? (
        <form className="pager-jump" onSubmit={submitJump}>
          <label htmlFor={inputID}>{t("Jump to page")}</label>
          <input
            id={inputID}
            className="input pager-jumpInput"
            inputMode="numeric"
            value={jumpValue}
            placeholder={String(page)}
            onChange={(event) => setJumpValue(event.target.value.replace(/\D/g, ""))}
            autoFocus
          />
          <span>
            {t("of")} {totalPages}
          </span>
          <Button type="submit" variant="primary" compact>
            {t("Go")}
          </Button>
          <Button variant="text" compact onClick={() => setJumping(false)}>
            {t("Back to post count")}
          </Button>
        </form>
      ) : (
        <button
          type="button"
          className="pager-count"
          onClick={() => setJumping(true)}
          disabled={totalPages <= 1 && !hasMorePages}
        >
          {range}
        </button>
      )}
      <Button variant="icon" aria-label={t("Next Page")} disabled={isLast} onClick={() => onChange(page + 1)}>
        <ChevronIcon direction="right" />
      </Button>
    </nav>
  );
}
