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

/**
 * Waits until the live list shows: an element that adopted its prerendered list (it stays until
 * the visitor first uses the page) is given the visitor's first input, a Shift press, and the
 * live list takes over. Returns its visibleKeys.
 */
export async function live(page, selector = "paper-shelf") {
  await ready(page, selector);
  await page.keyboard.press("Shift");
  await page.waitForFunction((sel) => document.querySelector(sel).shadowRoot.querySelector(".ps-shelf").dataset.state !== "adopted", selector, { timeout: 15000 });
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

/**
 * Pastes `text` into the canvas widget (its search field focused) while the page's animation
 * frames are held; when the element's change event reports the whole text's view, `expected`
 * (visibleKeys), exactly one
 * frame runs, within that event. Returns the canvas layout before typing, at the change event and
 * after that frame: typed or pasted text's query must leave without a frame, and the one frame
 * after its answer must draw the new view whole (no placeholder rows).
 */
export async function pasteIntoCanvasWithFramesHeld(page, text, expected) {
  // Frames already asked for run first: the canvas is still for 200 ms.
  await page.waitForFunction(() => new Promise((ok) => {
    const frames = document.querySelector("paper-shelf").canvasLayout.frames;
    setTimeout(() => ok(document.querySelector("paper-shelf").canvasLayout.frames === frames), 200);
  }), null, { timeout: 20000, polling: 50 });
  const before = await page.evaluate(([text, want]) => {
    const el = document.querySelector("paper-shelf");
    const queued = [];
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (cb) => { queued.push(cb); return 1e6 + queued.length; };
    window.__held = new Promise((ok) => {
      const onChange = () => {
        if (el.canvasLayout.viewSearch !== text || JSON.stringify(el.visibleKeys) !== JSON.stringify(want)) return;
        el.removeEventListener("change", onChange);
        const held = el.canvasLayout;
        window.requestAnimationFrame = raf;
        const now = performance.now();
        for (const cb of queued.splice(0)) cb(now);
        ok({ held, after: el.canvasLayout });
      };
      el.addEventListener("change", onChange);
    });
    return el.canvasLayout;
  }, [text, expected]);
  // Pasted, so the text arrives in one event and its matches are rows the widget never drew.
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.querySelector("paper-shelf").shadowRoot.querySelector("canvas")
      .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  const { held, after } = await page.evaluate(() => window.__held);
  return { before, held, after };
}

/** Waits until the page has painted what it holds now: two animation frames (the first runs
 *  before the next paint, the second after it). */
export async function painted(page) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
}

/**
 * Waits until the canvas widget has drawn every frame it asked for: its frame counter stays the
 * same over three animation frames (a frame asked for by a resize observer, which runs after the
 * animation frame callbacks, shows within them) and no drawn row waits for its data. Its layout
 * is then the one the next input meets. Returns that layout.
 */
export async function canvasStill(page, selector = "paper-shelf") {
  await page.waitForFunction((sel) => new Promise((ok) => {
    const el = document.querySelector(sel);
    const frames = el?.canvasLayout?.frames;
    const next = (n) => requestAnimationFrame(() => {
      if (n > 1) return next(n - 1);
      const now = el?.canvasLayout;
      ok(frames !== undefined && now?.frames === frames && now.rowsWaiting === 0);
    });
    next(3);
  }), selector, { timeout: 20000, polling: 50 });
  return page.evaluate((sel) => document.querySelector(sel).canvasLayout, selector);
}

/** The canvas widget's frame counter (frames drawn since it was made). */
export async function canvasFrames(page, selector = "paper-shelf") {
  return page.evaluate((sel) => document.querySelector(sel).canvasLayout.frames, selector);
}

/** Waits until the canvas has drawn a frame after `frames` (canvasFrames before an input: the
 *  input reached the widget), then until it is still (canvasStill). Returns its layout. */
export async function canvasDrewSince(page, frames, selector = "paper-shelf") {
  await page.waitForFunction(([sel, f]) => document.querySelector(sel).canvasLayout.frames > f, [selector, frames], { timeout: 20000 });
  return canvasStill(page, selector);
}
