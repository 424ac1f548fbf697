import { render, screen, within } from "@testing-library/react";
import { ActivityChart } from "./ActivityChart";

const days = [
  { date: "2026-11-23", discussions: 2, comments: 10, members: 0, pageViews: 120 },
  { date: "2026-11-24", discussions: 0, comments: 4, members: 1, pageViews: 80 },
  { date: "2026-11-25", discussions: 1, comments: 0, members: 3, pageViews: 1500 },
];

describe("ActivityChart", () => {
  it("shows each series' total and a bar per day, and gives screen readers the numbers as a table", () => {
    const { container } = render(<ActivityChart days={days} />);
    const figures = screen.getAllByRole("figure");
    expect(figures.map((figure) => figure.querySelector("figcaption")?.textContent)).toEqual([
      "New discussions3",
      "New comments14",
      "New members4",
      "Page views1,700",
    ]);
    // Days without activity draw no bar height.
    const heights = [...container.querySelectorAll(".activityChart-bars")][0]?.querySelectorAll("rect");
    expect([...(heights ?? [])].map((rect) => Number(rect.getAttribute("height")) > 0)).toEqual([
      true,
      false,
      true,
    ]);
    const table = screen.getByRole("table", { name: "Activity per day" });
    const row = within(table).getByRole("row", { name: /2026-11-24/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0", "4", "1", "80"]);
  });
});
