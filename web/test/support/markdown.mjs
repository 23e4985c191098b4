// Fenced code blocks of a Markdown file, for tests that run or check documented snippets.

/**
 * Returns [{ lang, code, line, section, note }]: `line` is the 1-based line of the opening fence,
 * `section` the nearest heading above it, `note` the text of an HTML comment
 * `<!-- snippet: ... -->` directly above the fence (blank lines allowed in between), if any.
 */
export function fencedBlocks(markdown) {
  const lines = markdown.split("\n");
  const blocks = [];
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const heading = lines[i].match(/^#{1,6}\s+(.*)$/);
    if (heading) { section = heading[1].trim(); continue; }
    const open = lines[i].match(/^(\s*)(```+|~~~+)\s*([\w+-]*)/);
    if (!open) continue;
    const fence = open[2];
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].trimStart().startsWith(fence); j++) body.push(lines[j]);
    let k = i - 1;
    while (k >= 0 && lines[k].trim() === "") k--;
    const note = k >= 0 ? (lines[k].match(/^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$/) ?? [])[1] : undefined;
    blocks.push({ lang: open[3].toLowerCase(), code: body.join("\n"), line: i + 1, section, note });
    i = j;
  }
  return blocks;
}

/** Splits a shell block into commands: comments dropped, `\` and open (`{`, `(`, quote) lines joined. */
export function shellCommands(code) {
  const out = [];
  let current = "";
  for (const raw of code.split("\n")) {
    const line = raw.replace(/(^|\s)#(?![^"]*"[^"]*$).*$/, "$1").trimEnd();
    if (!line.trim() && !current) continue;
    current += (current ? "\n" : "") + line;
    const open = (current.match(/\(/g) ?? []).length > (current.match(/\)/g) ?? []).length ||
      (current.match(/"/g) ?? []).length % 2 === 1 || current.endsWith("\\") || current.endsWith("&&") || current.endsWith("|");
    if (!open) { out.push(current.trim()); current = ""; }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
