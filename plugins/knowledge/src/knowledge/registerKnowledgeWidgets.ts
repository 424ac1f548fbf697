import { registerComponent } from "@library/src/registry/componentRegistry";
import { KnowledgeArticleEditor } from "./KnowledgeArticleEditor";
import { KnowledgeBaseForm } from "./KnowledgeBaseForm";
import { KnowledgeCategoryForm } from "./KnowledgeCategoryForm";
import "./knowledge.css";

/** The knowledge add-on's editing forms, under the names its pages use. */
export function registerKnowledgeWidgets(): void {
  registerComponent("KnowledgeBaseForm", KnowledgeBaseForm);
  registerComponent("KnowledgeArticleEditor", KnowledgeArticleEditor);
  registerComponent("KnowledgeCategoryForm", KnowledgeCategoryForm);
}
