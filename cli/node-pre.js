// Prepended to the Node build of the CLI (papershelf-cli.cjs), before anything else runs.

// Baseline-compiled WebAssembly only. By default V8 also recompiles the hot functions with its
// optimizing compiler, in the background; the core's largest functions (40 KB each at -O3) cost
// more to optimize than a run of the CLI takes: a 15 KB .bib took 0.5 s of processor time instead
// of 0.13 s, and even a 12 MB one ran faster without it (at 54 MB the two are within 10%).
require("v8").setFlagsFromString("--liftoff-only");

// Emscripten 3.1.6's NODERAWFS marks standard input, output and error as terminals whatever they
// are, so isatty() was always true and HTML piped to a file came out with its control characters
// escaped, unlike the native CLI's. Node knows what each one is: the streams are marked as it says
// before main() runs, so isatty() (and stdio's buffering) answer as they do natively.
Module["preRun"] = [function () {
  var createStandardStreams = FS.createStandardStreams;
  FS.createStandardStreams = function () {
    createStandardStreams();
    for (var fd = 0; fd < 3; fd++) FS.streams[fd].tty = require("tty").isatty(fd);
  };
}];
