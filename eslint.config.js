// ESLint's flat config: `make lint` (scripts/lint.sh) checks the project's own browser scripts with the recommended
// rules. They are plain scripts, each an IIFE, loaded by <script> tags and sharing a few window.* objects (the board's
// parts share CodexBoard, static/js/board/; the deckbuilder's CodexDeck; the live table's CodexLive).
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    // Only the project's own scripts: not the installed packages, collectstatic's copies, the docs site or the venv.
    ignores: ["node_modules/", "staticfiles/", "site/", ".venv/", "media/", "test-results/", "tmp/"],
  },
  {
    files: ["static/js/**/*.js", "rules/*/static/js/**/*.js", "cards/static/js/**/*.js", "decks/static/js/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: {
        ...globals.browser,
        // The objects the scripts share through window.* (set by one, read by others): declared, not rewritten.
        CodexBoard: "readonly",
        CodexCpuWords: "readonly",
        CodexDeck: "readonly",
        CodexFaces: "readonly",
        CodexKeys: "readonly",
        CodexLive: "readonly",
        CodexQuickPay: "readonly",
        CodexSeats: "readonly",
        CodexSummary: "readonly",
        goldfishBoard: "readonly",
        goldfishReplay: "readonly",
        liveTable: "readonly",
      },
    },
  },
  {
    // This file itself runs under Node.
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
