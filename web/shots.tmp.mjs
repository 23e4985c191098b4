import { serve } from "./test/support/server.mjs";
import { launch, open, ready } from "./test/support/browser.mjs";
const server = await serve(new URL("../build/site", import.meta.url).pathname);
const browser = await launch();
const pages = (process.argv[2] ?? "homepage").split(",");
for (const name of pages) for (const width of [375, 1280]) for (const scheme of ["light", "dark"]) {
  const { page, errors } = await open(browser.context, "about:blank");
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${server.url}/${name}/${process.argv[3] ?? ""}`);
  await ready(page);
  await page.waitForTimeout(300);
  const path = `/tmp/shots/${name}-${width}-${scheme}.png`;
  if (process.argv[4] === "list") { await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-toolbar").scrollIntoView()); await page.waitForTimeout(200); }
  await page.screenshot({ path, fullPage: process.argv[4] === "full" });
  console.log(path, errors.join(" | "));
  await page.close();
}
await browser.close(); await server.close();
