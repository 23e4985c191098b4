#!/usr/bin/env python3
"""Time and peak memory of the CLI on hostile inputs (README "Safety" table).

Each input is generated here (never committed), written to a temporary folder, and run through
`papershelf check` and `papershelf render --format html` in child processes; the peak resident
memory of each child (getrusage) is reported as a multiple of the input's size.

    python3 bench/pathological.py [build/native/cli/papershelf [another build's CLI ...]]

The render column's peak includes the HTML as the CLI holds it; the last column is the HTML's size.
"""
import json
import os
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


# Amplification: small or plain inputs that once grew into far more memory or output than they
# are. (Each may carry extra render arguments.)
def string_chain(doublings, references, entries):
    """@string{s1 = s0 # s0}, ... doubles the text at each step (a "billion laughs")."""
    out = ['@string{s0 = "All work and no play makes a dull paper. "}']
    out += ["@string{s%d = s%d # s%d}" % (i, i - 1, i - 1) for i in range(1, doublings + 1)]
    out += ["@misc{k%d, title = %s}" % (i, " # ".join(["s%d" % doublings] * references)) for i in range(entries)]
    return "\n".join(out) + "\n"


def author_commas(n):
    return "@misc{commas, title={Commas}, author={" + "," * n + "}}\n"


def author_ands(n):
    return "@misc{ands, title={Ands}, author={" + " and ".join(["A"] * n) + "}}\n"


def distant_years():
    return "".join("@article{y%d, title={Year %d}, author={Hu, Qinghao}, journal={J}, year=%d}\n" % (y, y, y)
                   for y in (1, 9999))


AMPLIFICATION_CASES = [
    ("@string chain doubling to 16 MB", "chain.bib", lambda: string_chain(12, 10, 9)),
    ("1 MB of commas in one author field", "commas.bib", lambda: author_commas(1000000)),
    ("one author field, 10^6 names joined by 'and'", "ands.bib", lambda: author_ands(1000000)),
    ("years 1 and 9999, profile card", "years.bib", distant_years, ["--profile", "--owner", "Qinghao Hu"]),
]

CASES = [
    ("minified CSL-JSON, 12,000 records", "min.json", lambda: minified_csl(12000)),
    ("crossref fan-out: 100 KB title, 20,000 children", "fanout.bib", lambda: crossref_fan_out(20000, 100000)),
    ("10^6 nested braces", "deep.bib", lambda: nested_braces(1000000)),
    ("CSL-JSON, one record with 200,000 authors", "authors.json", lambda: csl_many_authors(200000)),
    ("one-line BibTeX, 200,000 entries", "oneline.bib", lambda: one_line_bibtex(200000)),
]


def measure(cli, args, output):
    """Time and peak resident memory of one run of the CLI; its stdout goes to `output`.

    GNU time (/usr/bin/time) waits for the CLI itself: a child's peak includes the memory of the
    process it was forked from, which from Python is some 13 MB more than the CLI's own."""
    with open(output, "wb") as out, tempfile.NamedTemporaryFile("r") as report:
        if os.path.exists("/usr/bin/time"):
            subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%e %M", cli, *args],
                           stdout=out, stderr=subprocess.DEVNULL)
            seconds, kilobytes = report.read().split()[-2:]
            return float(seconds), int(kilobytes) * 1024
        # Without GNU time: a fresh child of a fresh child, so the peak is its own plus Python's.
        probe = ("import resource,subprocess,sys,time;s=time.perf_counter();"
                 "subprocess.run(sys.argv[1:],stdout=sys.stdout,stderr=subprocess.DEVNULL);"
                 "print(time.perf_counter()-s, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,"
                 "file=sys.stderr)")
        done = subprocess.run([sys.executable, "-c", probe, cli, *args], stdout=out, stderr=subprocess.PIPE, text=True)
        seconds, kilobytes = done.stderr.split()[-2:]
        return float(seconds), int(kilobytes) * 1024


def megabytes(n):
    return f"{n / 1e6:.1f} MB" if n >= 100000 else f"{n / 1e3:.1f} KB" if n >= 1000 else f"{n} bytes"


def times(n, size):
    """ (12.3x)" of the input's size; nothing for inputs too small for a multiple to say anything."""
    return f" ({n / size:.1f}x)" if size >= 100000 else ""


def main():
    # Several CLIs (an old build and a new one) are measured on the same inputs in one run.
    clis = sys.argv[1:] or ["build/native/cli/papershelf"]
    binary = "| binary " if len(clis) > 1 else ""
    print(f"| input | size {binary}| check: time, peak | render html: time, peak | html output |")
    print("|---|---|" + "---|" * (len(clis) > 1) + "---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name, file, make, *render_args in [("empty file (the process itself)", "empty.bib", str)] + CASES + AMPLIFICATION_CASES:
            path = os.path.join(work, file)
            with open(path, "w", encoding="utf-8") as f:
                f.write(make())
            size = os.path.getsize(path)
            output = os.path.join(work, "out.html")
            for cli in clis:
                cells = []
                for args in (["check", path], ["render", path, "--format", "html", *(render_args[0] if render_args else [])]):
                    seconds, peak = measure(cli, args, output)
                    cells.append(f"{seconds:.2f} s, {peak / 1e6:.0f} MB{times(peak, size)}")
                html = os.path.getsize(output)
                os.remove(output)
                label = f"| {cli} " if len(clis) > 1 else ""
                print(f"| {name} | {megabytes(size)} {label}| {cells[0]} | {cells[1]} | {megabytes(html)}{times(html, size)} |",
                      flush=True)
            os.remove(path)


if __name__ == "__main__":
    main()
