#!/usr/bin/env python3
"""Real files as their owners meant them, by an independent reader: ../shared/tools/fidelity.py
renders each file of ../shared/corpus/realworld and realworld2 with the CLI and counts what a
reader of the list would see as wrong. The figures may only go down: each corpus keeps every entry
(none lost, none invented) and stays at or under its ceiling of visible defects per 1000 entries.

Usage: fidelity_ratchet.py PAPERSHELF_CLI SHARED_DIR
Exit 77 (ctest's skip) when SHARED_DIR or the checker is absent.
"""
import json
import os
import subprocess
import sys

# Visible defects per 1000 entries, at most (lower them as the reader improves; the goal is 5).
CEILINGS = {"realworld": 5.0, "realworld2": 5.0}


def main(argv):
    cli, shared = argv[1], argv[2]
    checker = os.path.join(shared, "tools", "fidelity.py")
    if not os.path.isfile(checker):
        print(f"skipped: {checker} is absent")
        return 77
    failed = False
    for corpus, ceiling in CEILINGS.items():
        folder = os.path.join(shared, "corpus", corpus)
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith((".bib", ".json")))
        run = subprocess.run([sys.executable, checker, cli, os.path.join(folder, "README.md"), *files],
                             capture_output=True, text=True, check=False)
        total = json.loads(run.stdout.strip().splitlines()[-1])["total"]
        print(f"{corpus}: {total['files']} files, {total['kept']} of {total['expected']} entries kept, "
              f"{total['defects_per_1000']} visible defects per 1000 (ceiling {ceiling}), crashes {total['crash']}: "
              f"{json.dumps(total['classes_per_1000'])}")
        if total["kept"] != total["expected"] or total["crash"] or total["defects_per_1000"] > ceiling:
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
