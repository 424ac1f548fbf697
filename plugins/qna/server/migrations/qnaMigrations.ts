import type { Migration } from "kysely";
import * as createAcceptedAnswers from "./2026-12-30T1100_create_qna_accepted_answers";

export const qnaMigrations: Record<string, Migration> = {
  "2026-12-30T1100_create_qna_accepted_answers": createAcceptedAnswers,
};
