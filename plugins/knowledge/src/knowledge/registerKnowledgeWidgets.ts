import { registerComponent } from "@library/src/registry/componentRegistry";
import { KnowledgeArticleEditor } from "./KnowledgeArticleEditor";
import { KnowledgeArticleOptions } from "./KnowledgeArticleOptions";
import { KnowledgeBaseOptions } from "./KnowledgeBaseOptions";
import { KnowledgeCategoryManager } from "./KnowledgeCategoryManager";
import { KnowledgeGuideOrder } from "./KnowledgeGuideOrder";
import { KnowledgeBaseForm } from "./KnowledgeBaseForm";
import { KnowledgeCategoryForm } from "./KnowledgeCategoryForm";
import "./knowledge.css";

/** The knowledge add-on's editing forms and managers' options, under the names its pages use. */
export function registerKnowledgeWidgets(): void {
  registerComponent("KnowledgeBaseForm", KnowledgeBaseForm);
  registerComponent("KnowledgeArticleEditor", KnowledgeArticleEditor);
  registerComponent("KnowledgeCategoryForm", KnowledgeCategoryForm);
  registerComponent("KnowledgeBaseOptions", KnowledgeBaseOptions);
  registerComponent("KnowledgeCategoryManager", KnowledgeCategoryManager);
  registerComponent("KnowledgeArticleOptions", KnowledgeArticleOptions);
  registerComponent("KnowledgeGuideOrder", KnowledgeGuideOrder);
}
