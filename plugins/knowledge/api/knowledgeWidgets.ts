/** The knowledge add-on's widgets on its pages (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** A manager's new knowledge base form. */
    KnowledgeBaseForm: Record<string, never>;
    /** An editor's article form: new (no articleID) or an existing article. */
    KnowledgeArticleEditor: {
      knowledgeBaseID: number;
      baseUrl: string;
      categories: { knowledgeCategoryID: number; name: string }[];
      article: {
        articleID: number;
        knowledgeCategoryID: number;
        name: string;
        bodyRaw: string;
        format: string;
        status: "published" | "draft";
        sort: number;
      } | null;
    };
    /** A manager's options of a knowledge base: edit its name and description, delete it. */
    KnowledgeBaseOptions: { knowledgeBaseID: number; name: string; description: string };
    /**
     * A manager's categories of a help center in tree order: move under another parent or up and down among
     * their siblings, delete.
     */
    KnowledgeCategoryManager: {
      rootCategoryID: number;
      categories: {
        knowledgeCategoryID: number;
        parentID: number;
        name: string;
        sort: number;
        depth: number;
      }[];
    };
    /** An editor's reading order of a guide's published articles (up and down). */
    KnowledgeGuideOrder: { articles: { articleID: number; name: string; sort: number }[] };
    /** An article's options for editors: its revisions (view, restore) and delete. */
    KnowledgeArticleOptions: { articleID: number; name: string; baseUrl: string };
    /** A manager's new category form on a help center. */
    KnowledgeCategoryForm: { knowledgeBaseID: number };
    /** 'Turn this answer into an article' under a post, for article editors. */
    KnowledgeFromPost: {
      discussionID: number;
      commentID: number | null;
      categories: { knowledgeCategoryID: number; label: string }[];
    };
    /** The articles made from a discussion, under its original post. */
    KnowledgeSourceArticles: { articles: { name: string; url: string }[] };
  }
}

export {};
