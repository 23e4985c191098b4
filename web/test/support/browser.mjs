// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), "papershelf-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--enable-unsafe-swiftshader"],
  });
  return { context, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

/** Opens `url` and collects console errors and page errors into `errors`. */
export async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors };
}

/** Waits until the <paper-shelf> (first match of `selector`) has rendered, returns its visibleKeys. */
export async function ready(page, selector = "paper-shelf") {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el && (el.visibleKeys?.length > 0 || el.shadowRoot?.querySelector(".ps-empty, .ps-error, .ps-shelf[data-state=failed]"));
  }, selector, { timeout: 15000 });
  return settled(page, selector);
}

/** Waits until the element has rendered its current state (`updateComplete`), returns its visibleKeys. */
export async function settled(page, selector = "paper-shelf") {
  return page.evaluate(async (sel) => {
    const el = document.querySelector(sel);
    await el.updateComplete;
    return el.visibleKeys;
  }, selector);
}
