import { registerComponent } from "@library/src/registry/componentRegistry";
import { KnowledgeFromPost, KnowledgeSourceArticles } from "./KnowledgeSlotWidgets";
import "./knowledge.css";

/** The knowledge add-on's discussion-page widgets in the single-page forum (the server page writes them itself). */
export function registerKnowledgeSlotWidgets(): void {
  registerComponent("KnowledgeFromPost", KnowledgeFromPost);
  registerComponent("KnowledgeSourceArticles", KnowledgeSourceArticles);
}
