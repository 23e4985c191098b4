#!/usr/bin/env python3
"""Time and peak memory of the CLI on hostile inputs (README "Safety" table).

Each input is generated here (never committed), written to a temporary folder, and run through
`papershelf check` and `papershelf render --format html` in child processes; the peak resident
memory of each child (getrusage) is reported as a multiple of the input's size.

    python3 bench/pathological.py [build/native/cli/papershelf]
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def minified_csl(n):
    return json.dumps([{"id": f"k{i}", "type": "article-journal", "title": f"Paper {i} on caches",
                        "author": [{"family": "Hu", "given": "Qinghao"}, {"family": "Ye", "given": "Zhisheng"}],
                        "container-title": "Journal of Systems", "issued": {"date-parts": [[2020 + i % 5]]},
                        "DOI": f"10.1000/{i}"} for i in range(n)], separators=(",", ":"))


def crossref_fan_out(children, title_bytes):
    out = ["@proceedings{conf, title={%s}, year=2020}" % ("x" * title_bytes)]
    out += ["@inproceedings{c%d, title={Paper %d}, author={Hu, Qinghao}, crossref={conf}}" % (i, i)
            for i in range(children)]
    return "\n".join(out) + "\n"


def nested_braces(depth):
    return "@misc{deep, title = " + "{" * depth + "deep" + "}" * depth + "}\n"


def csl_many_authors(n):
    return json.dumps([{"id": "big", "type": "article-journal", "title": "Many authors",
                        "author": [{"family": f"F{i}", "given": "G"} for i in range(n)]}], separators=(",", ":"))


def one_line_bibtex(entries):
    return " ".join("@article{k%d, title={Paper %d}, author={Hu, Qinghao and Ye, Zhisheng}, journal={J}, year=2020}"
                    % (i, i) for i in range(entries))


CASES = [
    ("minified CSL-JSON, 12,000 records", "min.json", lambda: minified_csl(12000)),
    ("crossref fan-out: 100 KB title, 20,000 children", "fanout.bib", lambda: crossref_fan_out(20000, 100000)),
    ("10^6 nested braces", "deep.bib", lambda: nested_braces(1000000)),
    ("CSL-JSON, one record with 200,000 authors", "authors.json", lambda: csl_many_authors(200000)),
    ("one-line BibTeX, 200,000 entries", "oneline.bib", lambda: one_line_bibtex(200000)),
]


def measure(cli, args):
    """Runs the CLI in a fresh child of a fresh child, so its peak is its own."""
    probe = ("import resource,subprocess,sys,time;s=time.perf_counter();"
             "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
             "print(time.perf_counter()-s, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, cli, *args], capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1]) * 1024


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "build/native/cli/papershelf"
    print("| input | size | check: time, peak | render html: time, peak |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name, file, make in CASES:
            path = os.path.join(work, file)
            with open(path, "w", encoding="utf-8") as f:
                f.write(make())
            size = os.path.getsize(path)
            cells = []
            for args in (["check", path], ["render", path, "--format", "html"]):
                seconds, peak = measure(cli, args)
                cells.append(f"{seconds:.2f} s, {peak / 1e6:.0f} MB ({peak / size:.1f}x)")
            print(f"| {name} | {size / 1e6:.1f} MB | {cells[0]} | {cells[1]} |")
            os.remove(path)


if __name__ == "__main__":
    main()
