import { useEffect } from "react";
import type { BookmarkToggleProps } from "@forum/api/bookmarks";
import { t } from "@library/src/i18n/translate";
import { LoadStatus } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { bookmarkReceived, selectBookmarked, selectBookmarkRequest, toggleBookmark } from "./bookmarksSlice";
import "./bookmarks.css";

export type { BookmarkToggleProps };

/** SPEC 4 icon states. */
export type BookmarkIconState = "normal" | "bookmarking" | "bookmarked";

function BookmarkIcon({ state }: { state: BookmarkIconState }) {
  return (
    <svg
      className={`bookmarkIcon bookmarkIcon--${state}`}
      data-state={state}
      width="16"
      height="20"
      viewBox="0 0 16 20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 1.5h12v16.5l-6-4.5-6 4.5z" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

/** The discussion header's bookmark toggle: optimistic, disabled while in flight, reverted with a toast on failure. */
export function BookmarkToggle({ discussionID, bookmarked: initial, signedIn }: BookmarkToggleProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const stored = useAppSelector((state) => selectBookmarked(state, discussionID));
  const request = useAppSelector((state) => selectBookmarkRequest(state, discussionID));
  const bookmarked = stored ?? initial;
  const inFlight = request.status === LoadStatus.LOADING;

  useEffect(() => {
    dispatch(bookmarkReceived({ discussionID, bookmarked: initial }));
  }, [dispatch, discussionID, initial]);

  if (!signedIn) return null;

  const toggle = async () => {
    try {
      await dispatch(toggleBookmark({ discussionID, bookmarked: !bookmarked })).unwrap();
    } catch {
      toast.addErrorToast(t("There was a problem bookmarking this discussion."));
    }
  };

  const state: BookmarkIconState = inFlight ? "bookmarking" : bookmarked ? "bookmarked" : "normal";
  return (
    <Button
      variant="icon"
      className="bookmarkToggle"
      aria-label={t("Bookmark")}
      title={t("Bookmark")}
      aria-pressed={bookmarked}
      disabled={inFlight}
      onClick={() => void toggle()}
    >
      <BookmarkIcon state={state} />
    </Button>
  );
}
