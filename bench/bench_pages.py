#!/usr/bin/env python3
"""Times `papershelf pages`: every paper's page, the index, the Atom feed and the sitemap of a
generated file of N papers (papershelf_gen_bib), written into a fresh folder. Prints the best
wall-clock seconds of RUNS runs (the whole command: reading, formatting and writing the files).

    python3 bench/bench_pages.py [N=1000] [RUNS=5] [BUILD=build/native] [FILE.bib]

Given FILE.bib (a real one: bench/realworld_bib.py builds one from ../shared/corpus/realworld),
times that file instead of a generated one.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    build = sys.argv[3] if len(sys.argv) > 3 else "build/native"
    cli = os.path.join(build, "cli", "papershelf")
    work = tempfile.mkdtemp(prefix="papershelf_bench_pages_")
    try:
        bib = sys.argv[4] if len(sys.argv) > 4 else os.path.join(work, "papers.bib")
        if len(sys.argv) <= 4:
            subprocess.run([os.path.join(build, "bench", "papershelf_gen_bib"), str(n), bib], check=True, stdout=subprocess.DEVNULL)
        best = None
        for run in range(runs):
            out = os.path.join(work, f"out{run}")
            start = time.perf_counter()
            subprocess.run([cli, "pages", bib, "-o", out, "--site", "https://me.example/publications/", "--owner", "Qinghao Hu"],
                           check=False, stderr=subprocess.DEVNULL)
            seconds = time.perf_counter() - start
            best = seconds if best is None else min(best, seconds)
        files = os.listdir(os.path.join(work, "out0"))
        size = sum(os.path.getsize(os.path.join(work, "out0", f)) for f in files)
        print(f"{bib if len(sys.argv) > 4 else str(n) + ' generated papers'}: {len(files)} files, "
              f"{size / 1e6:.1f} MB, best of {runs}: {best:.3f} s")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
