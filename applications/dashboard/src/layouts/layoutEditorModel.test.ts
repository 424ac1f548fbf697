import type { SectionSpec, WidgetSpec } from "@forum/api/storedLayouts";
import {
  changeSectionType,
  clampColumns,
  moveWidget,
  newSection,
  newWidget,
  stepSection,
  stepWidget,
  stepWidgetTo,
} from "./layoutEditorModel";

const named = (title: string): WidgetSpec => ({ ...newWidget("categories"), title }) as WidgetSpec;
const titles = (sections: SectionSpec[]) =>
  sections.map((section) =>
    section.columns.map((column) => column.map((widget) => ("title" in widget ? widget.title : ""))),
  );

describe("layout editor model", () => {
  const start: SectionSpec[] = [
    { ...newSection("twoColumns"), columns: [[named("A"), named("B"), named("C")], [named("D")]] },
    newSection("oneColumn"),
  ];

  it("moves widgets within a column, across columns and sections, and one step at a time", () => {
    expect(
      titles(moveWidget(start, { section: 0, column: 0, index: 0 }, { section: 0, column: 0, index: 3 })),
    ).toEqual([[["B", "C", "A"], ["D"]], [[]]]);
    expect(
      titles(moveWidget(start, { section: 0, column: 0, index: 1 }, { section: 0, column: 1, index: 0 })),
    ).toEqual([
      [
        ["A", "C"],
        ["B", "D"],
      ],
      [[]],
    ]);
    expect(
      titles(moveWidget(start, { section: 0, column: 1, index: 0 }, { section: 1, column: 0, index: 0 })),
    ).toEqual([[["A", "B", "C"], []], [["D"]]]);
    expect(titles(stepWidget(start, { section: 0, column: 0, index: 1 }, -1))[0]).toEqual([
      ["B", "A", "C"],
      ["D"],
    ]);
    expect(titles(stepWidget(start, { section: 0, column: 0, index: 1 }, 1))[0]).toEqual([
      ["A", "C", "B"],
      ["D"],
    ]);
    expect(titles(stepWidget(start, { section: 0, column: 0, index: 0 }, -1))[0]).toEqual([
      ["A", "B", "C"],
      ["D"],
    ]);
    // The original is left alone.
    expect(titles(start)[0]).toEqual([["A", "B", "C"], ["D"]]);
  });

  it("moves a widget by keyboard steps across columns and on into the sections above and below", () => {
    const step = (
      sections: SectionSpec[],
      place: Parameters<typeof stepWidgetTo>[1],
      direction: Parameters<typeof stepWidgetTo>[2],
    ) => stepWidgetTo(sections, place, direction);
    const right = step(start, { section: 0, column: 0, index: 2 }, "right");
    expect(right && titles(right.sections)).toEqual([
      [
        ["A", "B"],
        ["D", "C"],
      ],
      [[]],
    ]);
    expect(right?.place).toEqual({ section: 0, column: 1, index: 1 });
    const left = step(start, { section: 0, column: 1, index: 0 }, "left");
    expect(left && titles(left.sections)).toEqual([[["D", "A", "B", "C"], []], [[]]]);
    expect(step(start, { section: 0, column: 0, index: 0 }, "left")).toBeNull();
    expect(step(start, { section: 0, column: 1, index: 0 }, "right")).toBeNull();
    // Down within the column, then past its bottom into the next section's column.
    const down = step(start, { section: 0, column: 0, index: 1 }, "down");
    expect(down && titles(down.sections)[0]).toEqual([["A", "C", "B"], ["D"]]);
    expect(down?.place).toEqual({ section: 0, column: 0, index: 2 });
    const out = step(start, { section: 0, column: 1, index: 0 }, "down");
    expect(out && titles(out.sections)).toEqual([[["A", "B", "C"], []], [["D"]]]);
    expect(out?.place).toEqual({ section: 1, column: 0, index: 0 });
    // Up from the top of a section: the end of the section above's same (or last) column.
    const back = out && step(out.sections, out.place, "up");
    expect(back && titles(back.sections)).toEqual([[["A", "B", "C", "D"], []], [[]]]);
    expect(back?.place).toEqual({ section: 0, column: 0, index: 3 });
    expect(step(start, { section: 0, column: 0, index: 0 }, "up")).toBeNull();
    expect(titles(start)[0]).toEqual([["A", "B", "C"], ["D"]]);
  });

  it("reorders sections and keeps widgets when a section changes type", () => {
    expect(stepSection(start, 0, 1).map((section) => section.sectionType)).toEqual([
      "oneColumn",
      "twoColumns",
    ]);
    expect(stepSection(start, 0, -1).map((section) => section.sectionType)).toEqual([
      "twoColumns",
      "oneColumn",
    ]);
    expect(titles([changeSectionType(start[0] as SectionSpec, "oneColumn")])).toEqual([
      [["A", "B", "C", "D"]],
    ]);
    expect(titles([changeSectionType(start[0] as SectionSpec, "threeColumns")])).toEqual([
      [["A", "B", "C"], ["D"], []],
    ]);
  });

  it("clamps the columns to SPEC 9's limit for the content and display type", () => {
    const wide = {
      ...newWidget("links"),
      itemOptions: { contentType: "title", displayType: "list", maxColumnCount: 4 },
    } as WidgetSpec;
    expect(clampColumns(wide)).toMatchObject({ itemOptions: { maxColumnCount: 1 } });
    const image = {
      ...wide,
      itemOptions: { contentType: "title-background", displayType: "grid", maxColumnCount: 4 },
    } as WidgetSpec;
    expect(clampColumns(image)).toBe(image);
  });
});
