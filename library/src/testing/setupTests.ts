import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";
import { loadTranslations } from "@library/src/i18n/translate";

// jsdom lacks these; react-router needs them.
if (typeof globalThis.TextEncoder === "undefined") {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// English is the key language; tests run as if the page had loaded its (empty) English map.
loadTranslations({});
