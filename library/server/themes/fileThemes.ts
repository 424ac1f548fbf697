import type { PlatformContext } from "../app/platformContext";

/** A theme shipped by a theme add-on (`type: "theme"`): its key is the add-on's, its variables its preset. */
export interface FileTheme {
  /** The add-on's key: the theme's id in the API. */
  key: string;
  name: string;
  version: string;
  /** `light` or `dark`: which colour scheme the theme is made for. */
  preset: "light" | "dark";
  /**
   * `foundation`: the theme of a site that never chose one; `darkPreset`: the dark variables readers who choose
   * dark get over a light theme. The core names no theme add-on: each says what it is.
   */
  role?: "foundation" | "darkPreset";
  /** CSS custom properties (`--color-bg`) over the defaults. */
  variables: Record<string, string>;
  styles?: string;
  header?: string;
  footer?: string;
}

interface RegisteredFileTheme extends FileTheme {
  owner: string;
}

/** The file themes of one app: theme add-ons add theirs; the ones of add-ons that do not run are left out. */
export class FileThemeRegistry {
  private readonly themes = new Map<string, RegisteredFileTheme>();

  constructor(private readonly isActive: (owner: string) => boolean) {}

  add(theme: FileTheme, owner: string): void {
    this.themes.set(theme.key, { ...theme, owner });
  }

  list(): FileTheme[] {
    return [...this.themes.values()].filter((theme) => this.isActive(theme.owner));
  }

  /** The running theme that is the foundation (the site's theme until one is applied). */
  foundation(): FileTheme | undefined {
    return this.list().find((theme) => theme.role === "foundation");
  }

  /** The running dark preset, if any. */
  darkPreset(): FileTheme | undefined {
    return this.list().find((theme) => theme.role === "darkPreset");
  }

  get(key: string): FileTheme | undefined {
    const theme = this.themes.get(key);
    return theme && this.isActive(theme.owner) ? theme : undefined;
  }
}

const registries = new WeakMap<PlatformContext, FileThemeRegistry>();

/** The file theme registry of an app (made on first use). */
export function fileThemes(context: PlatformContext): FileThemeRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new FileThemeRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
