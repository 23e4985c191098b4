#!/usr/bin/env node
// `npx papershelf`: the command-line tool (check, render, stats, prerender, pages, sync, import, setup). It is the native CLI's
// own C++ (cli/ in the repository), compiled to WebAssembly for Node, so it prints what the native
// one prints; files are read and written through Node. Nothing but Node 18+ is needed.
"use strict";
const major = Number(process.versions.node.split(".")[0]);
if (major < 18) {
  process.stderr.write(`papershelf: needs Node.js 18 or newer (this is ${process.version})\n`);
  process.exit(2);
}
// setup copies the package's browser files into a site (JavaScript: it is packaging, not the CLI's
// C++); sync and import with an author fetch the works from OpenAlex first (the C++ has no network); every
// other command is the C++ CLI.
const [command, ...rest] = process.argv.slice(2);
// (the C++ CLI runs main() with process.argv when it is loaded)
const runCli = (args) => {
  process.argv = [process.argv[0], process.argv[1], ...args];
  require("../dist/papershelf-cli.cjs");
};
if (command === "setup" || (command === "help" && rest[0] === "setup")) {
  // (setup page --orcid ID: the author's works imported into the folder's papers.bib first)
  process.exitCode = require("./setup.cjs")(command === "help" ? ["--help"] : require("./openalex.cjs").importForSetup(rest));
} else if (command === "sync") {
  require("./openalex.cjs").syncFromOpenAlex(rest, runCli).then((fetched) => fetched || runCli([command, ...rest]));
} else if (command === "import") {
  require("./openalex.cjs").importFromOpenAlex(rest, runCli).then((fetched) => fetched || runCli([command, ...rest]));
} else {
  runCli(process.argv.slice(2));
}
