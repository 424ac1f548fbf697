import type { DashboardSection } from "@forum/api/dashboard";
import type { Viewer } from "../permissions/viewer";

/** A section as declared: the permission that opens it and its owner. */
export interface DashboardSectionDeclaration extends DashboardSection {
  /** Permission needed to see and use the section (the dashboard itself needs one of the sections). */
  permission: string;
  /** Order within its group (lower first). */
  sort?: number;
}

interface RegisteredSection extends DashboardSectionDeclaration {
  owner: string;
}

/** The dashboard sections of one app, contributed by applications and add-ons. */
export class DashboardSectionRegistry {
  private readonly sections: RegisteredSection[] = [];
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(section: DashboardSectionDeclaration, owner: string): void {
    if (this.sections.some((existing) => existing.path === section.path))
      throw new Error(`The dashboard already has a section at "${section.path}".`);
    this.sections.push({ ...section, owner });
    this.sections.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  }

  /**
   * Whether a dashboard path (`members/12`, without `/dashboard/`) belongs to a running section, and whether this
   * viewer may open it: `open`, `forbidden` (say so with the permission page) or `unknown` (not found).
   */
  access(viewer: Viewer, path: string): "open" | "forbidden" | "unknown" {
    const section = this.sections
      .filter((candidate) => this.isOwnerActive(candidate.owner))
      .filter((candidate) =>
        candidate.path === ""
          ? path === ""
          : path === candidate.path || path.startsWith(`${candidate.path}/`),
      )
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (!section) return "unknown";
    return viewer.has(section.permission) ? "open" : "forbidden";
  }

  /** The sections this viewer may open now, in order. */
  visibleTo(viewer: Viewer, t: (text: string) => string): DashboardSection[] {
    return this.sections
      .filter((section) => this.isOwnerActive(section.owner) && viewer.has(section.permission))
      .map(({ key, path, label, group, component }) => ({
        key,
        path,
        label: t(label),
        group: t(group),
        component,
      }));
  }
}
