import { registerComponent } from "@library/src/registry/componentRegistry";
import { QnaAcceptAnswer } from "./QnaAcceptAnswer";
import { QnaAcceptedAnswers } from "./QnaAcceptedAnswers";
import { QnaStatusFilter } from "./QnaStatusFilter";

/** The Q&A add-on's widgets, under the names its page-slot nodes use. */
export function registerQnaWidgets(): void {
  registerComponent("QnaAcceptedAnswers", QnaAcceptedAnswers);
  registerComponent("QnaAcceptAnswer", QnaAcceptAnswer);
  registerComponent("QnaStatusFilter", QnaStatusFilter);
}
