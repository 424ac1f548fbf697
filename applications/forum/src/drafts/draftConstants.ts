/** SPEC 9: autosave once the local draft has been stable 5 s; local updates at most once a second. */
export const DRAFT_AUTOSAVE_MS = 5000;
export const DRAFT_UPDATE_THROTTLE_MS = 1000;
/** How long the editor waits for the server copy before opening with the local one. */
export const DRAFT_FETCH_TIMEOUT_MS = 4000;
/** The draft toast watches the editor with this top margin (SPEC 9). */
export const DRAFT_TOAST_ROOT_MARGIN = "-100px 0px 0px 0px";
