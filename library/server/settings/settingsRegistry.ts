import { Type, type TSchema } from "@sinclair/typebox";

/** Who may read or write a setting (API.md 20). */
export type SettingLevel =
  "public" | "member" | "community.moderate" | "community.manage" | "site.manage" | "none";

export interface SettingDefinition {
  key: string;
  schema: TSchema;
  default: unknown;
  read: SettingLevel;
  write: SettingLevel;
  /** The add-on that declared it: while that add-on is off, the setting is not read out (it can still be set). */
  owner?: string;
  /**
   * A value that also depends on other settings (a registration link that goes away on an invitation-only site):
   * given the stored or default value and a reader of the others, the value read out.
   */
  derive?: (value: unknown, peek: (key: string) => unknown) => unknown;
}

const definitions = new Map<string, SettingDefinition>();

export function defineSetting(definition: SettingDefinition): void {
  definitions.set(definition.key, definition);
}

export function getSettingDefinition(key: string): SettingDefinition | undefined {
  return definitions.get(key);
}

export function allSettingDefinitions(): SettingDefinition[] {
  return [...definitions.values()];
}

const uploadUrl = Type.String({ maxLength: 500 });

// Core keys of API.md 20 plus the site settings the client reads (SPEC 3).
const coreSettings: SettingDefinition[] = [
  {
    key: "garden.cookie.name",
    schema: Type.String(),
    default: "forum_session",
    read: "public",
    write: "none",
  },
  { key: "garden.cookie.path", schema: Type.String(), default: "/", read: "public", write: "none" },
  {
    key: "garden.title",
    schema: Type.String({ minLength: 1, maxLength: 100 }),
    default: "Community",
    read: "public",
    write: "community.manage",
  },
  {
    key: "garden.description",
    schema: Type.String({ maxLength: 350 }),
    default: "",
    read: "public",
    write: "community.manage",
  },
  {
    key: "garden.homepageTitle",
    schema: Type.String({ maxLength: 100 }),
    default: "",
    read: "public",
    write: "community.manage",
  },
  {
    key: "garden.orgName",
    schema: Type.String({ maxLength: 50 }),
    default: "",
    read: "public",
    write: "community.manage",
  },
  {
    key: "garden.locale",
    schema: Type.String({ minLength: 2, maxLength: 20 }),
    default: "en",
    read: "public",
    write: "site.manage",
  },
  {
    key: "garden.externalUrlFormat",
    schema: Type.Union([Type.Literal(""), Type.String({ pattern: "^https?://.+%s" })]),
    default: "",
    read: "community.manage",
    write: "site.manage",
  },
  {
    key: "garden.privacy.ips",
    schema: Type.Union([Type.Literal(""), Type.Literal("partial"), Type.Literal("full")]),
    default: "",
    read: "community.manage",
    write: "site.manage",
  },
  ...["logo", "mobileLogo", "favicon", "touchIcon", "shareImage", "bannerImage"].map(
    (name): SettingDefinition => ({
      key: `branding.${name}`,
      schema: uploadUrl,
      default: "",
      read: "public",
      write: "community.manage",
    }),
  ),
  {
    key: "branding.addressBarColor",
    schema: Type.String({ maxLength: 9 }),
    default: "",
    read: "public",
    write: "community.manage",
  },
  {
    key: "forum.disabled",
    schema: Type.Boolean(),
    default: false,
    read: "public",
    write: "community.manage",
  },
  ...["home", "discussionList", "categoryList", "post", "createPost"].map((name): SettingDefinition => ({
    key: `customLayout.${name}`,
    schema: Type.Boolean(),
    default: false,
    read: "public",
    write: "site.manage",
  })),
  {
    key: "registration.method",
    schema: Type.Union([
      Type.Literal("basic"),
      Type.Literal("captcha"),
      Type.Literal("approval"),
      Type.Literal("invitation"),
    ]),
    default: "basic",
    read: "public",
    write: "site.manage",
  },
  {
    key: "isConfirmEmailRequired",
    schema: Type.Boolean(),
    default: false,
    read: "public",
    write: "site.manage",
  },
  {
    key: "ui.editContentTimeout",
    schema: Type.Integer({ minimum: -1 }),
    default: 3600,
    read: "public",
    write: "community.manage",
  },
  {
    key: "ui.bannedPrivateProfile",
    schema: Type.Boolean(),
    default: false,
    read: "public",
    write: "community.manage",
  },
  {
    key: "signatures.enabled",
    schema: Type.Boolean(),
    default: true,
    read: "public",
    write: "community.manage",
  },
  {
    key: "signatures.hideMobile",
    schema: Type.Boolean(),
    default: false,
    read: "public",
    write: "community.manage",
  },
  {
    key: "tagging.enabled",
    schema: Type.Boolean(),
    default: true,
    read: "public",
    write: "community.manage",
  },
];

for (const definition of coreSettings) defineSetting(definition);
