#!/usr/bin/env python3
"""Times `papershelf pages`: every paper's page, the index, the Atom feed and the sitemap of a
generated file of N papers (papershelf_gen_bib), written into a fresh folder. Prints the best
wall-clock seconds of RUNS runs (the whole command: reading, formatting and writing the files),
and the best user and system processor seconds: user is the formatting, system mostly the file
system's work on the files (which other work on the machine's disk slows down).

    python3 bench/bench_pages.py [N=1000] [RUNS=5] [BUILD=build/native] [FILE.bib]

Given FILE.bib (a real one: bench/realworld_bib.py builds one from ../shared/corpus/realworld),
times that file instead of a generated one.
"""
import os
import resource
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
        best = best_user = best_system = None
        for run in range(runs):
            out = os.path.join(work, f"out{run}")
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([cli, "pages", bib, "-o", out, "--site", "https://me.example/publications/", "--owner", "Qinghao Hu"],
                           check=False, stderr=subprocess.DEVNULL)
            seconds = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
            best = seconds if best is None else min(best, seconds)
            best_user = user if best_user is None else min(best_user, user)
            best_system = system if best_system is None else min(best_system, system)
        files = os.listdir(os.path.join(work, "out0"))
        size = sum(os.path.getsize(os.path.join(work, "out0", f)) for f in files)
        print(f"{bib if len(sys.argv) > 4 else str(n) + ' generated papers'}: {len(files)} files, "
              f"{size / 1e6:.1f} MB, best of {runs}: {best:.3f} s wall, {best_user:.3f} s user, {best_system:.3f} s system")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
