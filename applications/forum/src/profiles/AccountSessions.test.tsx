import type { Session } from "@forum/api/sessions";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { AccountSessions, describeBrowser } from "./AccountSessions";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1";

function session(overrides: Partial<Session>): Session {
  return {
    sessionID: "0123456789abcdef",
    dateInserted: "2026-11-20T10:00:00+00:00",
    dateLastSeen: "2026-11-24T10:00:00+00:00",
    dateExpires: "2026-12-20T10:00:00+00:00",
    userAgent: FIREFOX,
    ipAddress: "203.0.113.7",
    current: false,
    ...overrides,
  };
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("AccountSessions", () => {
  it("names browsers from their User-Agent", () => {
    expect(describeBrowser(FIREFOX)).toBe("Firefox on Linux");
    expect(describeBrowser(PHONE)).toBe("Safari on iOS");
    expect(describeBrowser(null)).toBe("Unknown browser");
  });

  it("lists the sessions, ends one, and signs out everywhere else", async () => {
    const user = userEvent.setup();
    let sessions = [
      session({ sessionID: "aaaaaaaaaaaaaaaa", current: true }),
      session({ sessionID: "bbbbbbbbbbbbbbbb", userAgent: PHONE, ipAddress: "198.51.100.4" }),
      session({ sessionID: "cccccccccccccccc", userAgent: null, ipAddress: null }),
    ];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: sessions };
      if (request.url === "sessions") sessions = sessions.filter((item) => item.current);
      else sessions = sessions.filter((item) => request.url !== `sessions/${item.sessionID}`);
      return { status: 204 };
    });
    renderWithStore(<AccountSessions />);
    expect(await screen.findByText("This browser")).toBeInTheDocument();
    expect(screen.getByText("Safari on iOS")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Sign out (Safari|Unknown)/ })).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Sign out Safari on iOS" }));
    await waitFor(() => expect(screen.queryByText("Safari on iOS")).not.toBeInTheDocument());
    expect(api.requests).toContainEqual(
      expect.objectContaining({ method: "DELETE", url: "sessions/bbbbbbbbbbbbbbbb" }),
    );

    await user.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    await waitFor(() => expect(screen.queryByText("Unknown browser")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Sign out everywhere else" })).not.toBeInTheDocument();
  });
});
