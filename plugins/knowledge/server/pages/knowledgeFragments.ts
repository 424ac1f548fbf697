import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";
import type { TranslationMap } from "@library/server/translations/translationsCache";
import {
  readerContentTranslations,
  translatedProperty,
} from "@library/server/translations/readerTranslations";
import { kbPaths } from "../../api/knowledgeUrls";
import { KB_RECORD_TYPES } from "../knowledgeRecords";

export type FormBody = Record<string, string | undefined>;

export interface Crumb {
  name: string;
  url?: string;
}

/** The page's breadcrumbs, the last one the page itself. */
export function breadcrumbsHtml(t: Translate, crumbs: readonly Crumb[]): SafeHtml {
  return html`<nav class="breadcrumbs" aria-label="${t("Breadcrumb")}"><ol class="breadcrumbs-list">
    ${crumbs.map((crumb, index) =>
      index === crumbs.length - 1 || !crumb.url
        ? html`<li class="breadcrumbs-item"><span aria-current="page" dir="auto">${crumb.name}</span></li>`
        : html`<li class="breadcrumbs-item"><a href="${crumb.url}" dir="auto">${crumb.name}</a><span class="breadcrumbs-separator" aria-hidden="true">›</span></li>`,
    )}
  </ol></nav>`;
}

/** The crumbs every knowledge page starts with. */
export function homeCrumbs(t: Translate): Crumb[] {
  return [
    { name: t("Home"), url: "/" },
    { name: t("Knowledge Bases"), url: kbPaths.home() },
  ];
}

/** The knowledge search form (GET /kb/search); on a base's page it searches that base only. */
export function kbSearchFormHtml(t: Translate, query: string, knowledgeBaseID?: number): SafeHtml {
  return html`<form class="kbSearch" method="get" action="${kbPaths.search()}" role="search">
    ${knowledgeBaseID ? html`<input type="hidden" name="knowledgeBaseID" value="${String(knowledgeBaseID)}" />` : ""}
    <label class="kbSearch-label" for="kb-search-query">${t("Search the knowledge base")}</label>
    <div class="kbSearch-row">
      <input id="kb-search-query" class="inputText kbSearch-input" type="search" name="query" value="${query}" maxlength="500" />
      <button type="submit" class="button button-primary">${t("Search")}</button>
    </div>
  </form>`;
}

/** Names in the reader's language: knowledge bases, categories and articles as the content translator has them. */
export class KnowledgeNames {
  private constructor(private readonly translations: TranslationMap | null) {}

  static async forReader(): Promise<KnowledgeNames> {
    return new KnowledgeNames((await readerContentTranslations())?.translations ?? null);
  }

  private name(recordType: string, recordID: number, source: string): string {
    return translatedProperty(this.translations, { recordType, recordID, propertyName: "name" }, source);
  }

  base(row: { knowledgeBaseID: number; name: string }): string {
    return this.name(KB_RECORD_TYPES.base, row.knowledgeBaseID, row.name);
  }

  category(row: { knowledgeCategoryID: number; name: string }): string {
    return this.name(KB_RECORD_TYPES.category, row.knowledgeCategoryID, row.name);
  }

  article(row: { articleID: number; name: string }): string {
    return this.name(KB_RECORD_TYPES.article, row.articleID, row.name);
  }

  /** The translator's plain-text body of an article in the reader's language, or null. */
  articleBody(articleID: number): string | null {
    const key = { recordType: KB_RECORD_TYPES.article, recordID: articleID, propertyName: "body" };
    const translated = translatedProperty(this.translations, key, "");
    return translated === "" ? null : translated;
  }
}

/** A form's error note. */
export function errorNote(error: string | undefined): SafeHtml {
  return error ? html`<p class="formErrors" role="alert">${error}</p>` : html``;
}
