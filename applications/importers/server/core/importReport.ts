import type { ImportKind } from "./importSource";

export const IMPORT_KINDS: readonly ImportKind[] = [
  "categories",
  "users",
  "discussions",
  "comments",
  "reactions",
];

export interface KindTotals {
  created: number;
  alreadyHere: number;
  skipped: number;
}

export interface ImportReport {
  source: string;
  totals: Record<ImportKind, KindTotals>;
  skipped: { kind: ImportKind; foreignID: string; reason: string }[];
  /** Records written with a change worth knowing (a member renamed, merged by email, a tag left out). */
  notes: { kind: ImportKind; foreignID: string; note: string }[];
  tagsCreated: number;
  /** Members' photos downloaded and stored here. */
  photosCopied: number;
  /** What the source says about how it was read (requests saved…). */
  sourceSummary: string[];
  /** True when the run was stopped (Ctrl-C) before the last kind: run again to go on. */
  interrupted: boolean;
}

export function emptyReport(source: string): ImportReport {
  const totals = Object.fromEntries(
    IMPORT_KINDS.map((kind) => [kind, { created: 0, alreadyHere: 0, skipped: 0 }]),
  ) as Record<ImportKind, KindTotals>;
  return {
    source,
    totals,
    skipped: [],
    notes: [],
    tagsCreated: 0,
    photosCopied: 0,
    sourceSummary: [],
    interrupted: false,
  };
}

const MOST_LISTED = 50;

function listed<T>(items: readonly T[], line: (item: T) => string): string[] {
  const lines = items.slice(0, MOST_LISTED).map((item) => `  ${line(item)}`);
  if (items.length > MOST_LISTED) lines.push(`  and ${items.length - MOST_LISTED} more`);
  return lines;
}

/** The final report: per kind created / already here / skipped, then the skipped records (at most 50 listed). */
export function formatReport(report: ImportReport): string {
  const lines = [
    report.interrupted
      ? `Import from ${report.source} stopped: run the same command again to go on.`
      : `Import from ${report.source} done.`,
    `${"".padEnd(12)} ${"created".padStart(9)} ${"already here".padStart(13)} ${"skipped".padStart(9)}`,
  ];
  for (const kind of IMPORT_KINDS) {
    const { created, alreadyHere, skipped } = report.totals[kind];
    lines.push(
      `${kind.padEnd(12)} ${String(created).padStart(9)} ${String(alreadyHere).padStart(13)} ${String(skipped).padStart(9)}`,
    );
  }
  lines.push(`tags created: ${report.tagsCreated}`);
  lines.push(`photos copied: ${report.photosCopied}`);
  lines.push(...report.sourceSummary);
  if (report.skipped.length > 0) {
    lines.push(`Skipped (${report.skipped.length}):`);
    lines.push(...listed(report.skipped, (item) => `${item.kind} ${item.foreignID}: ${item.reason}`));
  }
  if (report.notes.length > 0) {
    lines.push(`Notes (${report.notes.length}):`);
    lines.push(...listed(report.notes, (item) => `${item.kind} ${item.foreignID}: ${item.note}`));
  }
  return lines.join("\n");
}
