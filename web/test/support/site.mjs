// The built example site (build/site) served on 127.0.0.1, and Debian's Chromium, for the browser
// tests of one file: started before its first test, closed after its last.
import assert from "node:assert/strict";
import { before, after } from "node:test";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch } from "./browser.mjs";

export const site = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "build", "site");

/** Returns { server, browser }, filled in before the file's tests run. */
export function useSite() {
  const env = {};
  before(async () => {
    assert.ok(existsSync(join(site, "papershelf.js")), "build/site is missing: run ./dev.sh test");
    env.server = await serve(site);
    env.browser = await launch();
  });
  after(async () => { await env.browser?.close(); await env.server?.close(); });
  return env;
}

/** A locator inside the element's live shadow tree. Playwright CSS pierces open shadow roots; the
 *  light DOM holds the prerendered list with the same classes (and the toolbar's room), which the
 *  live .ps-shelf (it has a data-state) leaves out. */
export const shadow = (page, sel) => page.locator(`paper-shelf >> .ps-shelf[data-state] ${sel}`);
