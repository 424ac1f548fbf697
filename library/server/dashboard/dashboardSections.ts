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
