// The other two browser engines many visitors use, from Debian: Firefox ESR (Gecko, headless,
// driven over WebDriver BiDi by puppeteer-core) and WebKitGTK, Safari's engine (its MiniBrowser
// driven by WebKitWebDriver over classic WebDriver; it needs a display, which the test's command
// gives it with xvfb-run); Chromium too, by puppeteer-core, for checks run in all three. Each
// gets one small page interface, enough for a visitor's session: goto, reload, evaluate, waitFor
// (a condition, polled), press, type.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

const FIREFOX = "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const CHROMIUM = "/usr/bin/chromium";

/** The engines this machine has (toolchains/bootstrap.sh installs both). */
export const ENGINES = { chromium: existsSync(CHROMIUM), firefox: existsSync(FIREFOX), webkit: existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER) && !!process.env.DISPLAY };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` (which returns a value or undefined) until it gives one; fails after `timeout`
 *  with what `describe` says of the last state. */
async function poll(check, timeout, what) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export async function firefox() { return puppeteerEngine("Firefox", { browser: "firefox", executablePath: FIREFOX }); }

/** Chromium, driven the same way, for the checks every engine runs. */
export async function chromium() {
  return puppeteerEngine("Chromium", { browser: "chrome", executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
}

async function puppeteerEngine(name, options) {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({ ...options, headless: true, protocolTimeout: 120000 });
  return {
    name,
    async newPage() {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      return {
        goto: (url) => page.goto(url),
        reload: () => page.reload(),
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        waitFor: (fn, arg, timeout = 20000) => poll(() => page.evaluate(fn, arg), timeout, fn.toString().slice(0, 120)),
        press: (key) => page.keyboard.press(key),
        type: (text) => page.keyboard.type(text),
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}

// WebDriver's codes for the keys the tests press.
const KEYS = { Tab: "\uE004", Enter: "\uE007", Escape: "\uE00C", Backspace: "\uE003", ArrowDown: "\uE015", ArrowUp: "\uE013", " ": " " };

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => { const { port } = server.address(); server.close(() => resolve(port)); });
  });
}

export async function webkit() {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: "ignore" });
  const call = async (method, path, body) => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
    const json = await answer.json();
    if (json.value?.error) throw new Error(`WebDriver ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  // (The driver listens once it has started: the first session is asked for until it answers.)
  const session = await poll(() => call("POST", "/session", {
    capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } } },
  }).catch(() => undefined), 20000, "WebKitWebDriver");
  const id = session.sessionId;
  await call("POST", `/session/${id}/window/rect`, { width: 1280, height: 900 }).catch(() => {});
  // A function run in the page, its result (a promise's, once settled) sent back as JSON.
  const evaluate = async (fn, ...args) => {
    const { ok, error } = await call("POST", `/session/${id}/execute/async`, {
      script: `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (${fn.toString()}).apply(null, ${JSON.stringify(args)}))
  .then((ok) => done({ ok: ok === undefined ? null : ok }), (e) => done({ error: String(e && e.stack || e) }));`,
      args: [],
    });
    if (error) throw new Error(error);
    return ok;
  };
  const keys = (text) => call("POST", `/session/${id}/actions`, {
    actions: [{ type: "key", id: "keyboard", actions: [...text].flatMap((value) => [{ type: "keyDown", value }, { type: "keyUp", value }]) }],
  });
  return {
    name: "WebKit",
    async newPage() {
      return {
        goto: (url) => call("POST", `/session/${id}/url`, { url }),
        reload: () => call("POST", `/session/${id}/refresh`, {}),
        evaluate,
        waitFor: (fn, arg, timeout = 20000) => poll(() => evaluate(fn, arg), timeout, fn.toString().slice(0, 120)),
        press: (key) => keys(KEYS[key] ?? key),
        type: (text) => keys(text),
        close: async () => {},
      };
    },
    async close() {
      await call("DELETE", `/session/${id}`).catch(() => {});
      driver.kill();
    },
  };
}
