import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { TextDecoder, TextEncoder } from "node:util";
import { loadTranslations } from "@library/src/i18n/translate";

// jsdom lacks these; react-router needs them.
if (typeof globalThis.TextEncoder === "undefined") {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// English is the key language; tests run as if the page had loaded its (empty) English map.
loadTranslations({});

// `findBy…` and `waitFor` wait up to 5 s, not Testing Library's 1 s: on a fresh clone a lazy widget's first
// render compiles its modules while the other Jest worker takes the second core. A wait that passes
// ends as soon as its element is there; only a failing one takes longer.
configure({ asyncUtilTimeout: 5000 });
