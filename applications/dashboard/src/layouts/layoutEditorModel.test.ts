import type { SectionSpec, WidgetSpec } from "@forum/api/storedLayouts";
import {
  changeSectionType,
  clampColumns,
  moveWidget,
  newSection,
  newWidget,
  stepSection,
  stepWidget,
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
