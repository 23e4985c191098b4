#!/usr/bin/env python3
"""Time and peak memory of the CLI on hostile inputs (README "Safety" table).

Each input is generated here (never committed), written to a temporary folder, and run through
`papershelf check` and `papershelf render --format html` in child processes; the peak resident
memory of each child (getrusage) is reported as a multiple of the input's size.

    python3 bench/pathological.py [build/native/cli/papershelf [another build's CLI ...]]

The render column's peak includes the HTML as the CLI holds it; the last column is the HTML's size.

Then `papershelf pages` (a page per paper, the index, the feed, the sitemap, written into a fresh
folder) on large inputs: 100,000 generated entries (papershelf_gen_bib, beside the CLI's build)
and keys that all make one page name; --pages prints that table alone:

    python3 bench/pathological.py --pages [BUILD_DIR/cli/papershelf]

Then `render --style` with CSL styles whose macros call macros many times over (1.4 to 40 KB
styles, one entry); --csl prints that table alone:

    python3 bench/pathological.py --csl [BUILD_DIR/cli/papershelf [another build's CLI ...]]

Then the time per byte of each generated kind of input at 100 KB and 1 MB (speed_tables below);
with any option, those tables alone (--old compares another build's binaries in the same run,
--only keeps the cases whose name has WORD, --timeout stops a run after SECONDS, default 60):

    python3 bench/pathological.py --speed [--old OLD_BUILD_DIR] [--only WORD] [--timeout SECONDS]
        [BUILD_DIR/cli/papershelf]

--write DIR writes each of those kinds of input at 1 MB into DIR, with cases.json naming each
file, its kind, its search text and owner (bench/web/longtasks.mjs --hostile reads them in Chromium).
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


# ---------------------------------------------------------------- pages on large inputs
# `papershelf pages` writes a file per paper and an index of them all (some 4x the input): its
# time and peak are measured on a large file, where a path that is quadratic in the entries (the
# page names once were, for keys that make one name) or a second copy of the index shows.

def generated(entries):
    """papershelf_gen_bib's file of `entries` entries (the generator beside the CLI's build)."""
    def make(cli, path):
        gen = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(cli))), "bench", "papershelf_gen_bib")
        subprocess.run([gen, str(entries), path], check=True, stdout=subprocess.DEVNULL)
    return make


def one_name_keys(entries):
    """Entries whose keys have no a-z or 0-9 (Chinese keys): every one is "paper.html" but numbered."""
    def make(cli, path):
        with open(path, "w", encoding="utf-8") as f:
            for i in range(entries):
                key = "".join(chr(0x4E00 + (i >> (4 * j)) % 16 + 16 * j) for j in range(5))
                f.write("@article{%s, title={Paper %d}, author={Hu, Qinghao}, journal={J}, year=%d}\n" % (key, i, 2000 + i % 25))
    return make


PAGES_CASES = [
    ("100,000 generated entries", "gen100k.bib", generated(100000)),
    ("100,000 entries whose keys make one page name", "one-name.bib", one_name_keys(100000)),
]


def folder_bytes(folder):
    return sum(entry.stat().st_size for entry in os.scandir(folder))


def measure_pages(cli, args):
    """Wall-clock seconds, processor seconds (user + system: on a loaded machine the wall clock
    says more about the other jobs) and peak resident memory of one run (GNU time)."""
    if not os.path.exists("/usr/bin/time"):
        seconds, peak = measure(cli, args, os.devnull)
        return seconds, None, peak
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%e %U %S %M", cli, *args],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall, user, system, kilobytes = report.read().split()[-4:]
        return float(wall), float(user) + float(system), int(kilobytes) * 1024


def pages_table(clis):
    binary = "| binary " if len(clis) > 1 else ""
    print(f"\n| pages: input | size {binary}| time (processor time), peak | files written |")
    print("|---|---|" + "---|" * (len(clis) > 1) + "---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name, file, make in PAGES_CASES:
            path = os.path.join(work, file)
            make(clis[-1], path)
            size = os.path.getsize(path)
            for k, cli in enumerate(clis):
                out = os.path.join(work, f"out-{file}-{k}")  # (a fresh folder each: no file to check first)
                seconds, cpu, peak = measure_pages(cli, ["pages", path, "-o", out, "--site", "https://me.example/publications/",
                                                         "--owner", "Qinghao Hu"])
                files = len(os.listdir(out)) if os.path.isdir(out) else 0
                written = folder_bytes(out) if files else 0
                label = f"| {cli} " if len(clis) > 1 else ""
                processor = f" ({cpu:.1f} s, {cpu / (size / 1e6):.2f} s/MB)" if cpu is not None else ""
                print(f"| {name} | {megabytes(size)} {label}| {seconds:.1f} s{processor}, "
                      f"{peak / 1e6:.0f} MB{times(peak, size)} | {files:,} ({megabytes(written)}) |", flush=True)
                subprocess.run(["rm", "-rf", out], check=False)
            os.remove(path)


# ---------------------------------------------------------------- CSL styles whose macros fork
# A style whose macros each call the next one twice makes 2^depth copies of the innermost: at
# depth 20 a 1.5 KB style took 5 s of processor time and 900 MB to render one entry, at depth 30
# it never finished. The CSL processor's budget (core/src/csl/engine.hpp) keeps the work linear in
# the style's length; `render --style FILE.csl` is timed on one entry, each run stopped after
# CSL_TIMEOUT seconds or at CSL_MEMORY bytes (an old build's depth 30 would take both without end).

CSL_TIMEOUT = 60.0
CSL_MEMORY = 4 << 30


def csl_style(macros, layout):
    return ('<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">'
            '<info><title>T</title><id>t</id></info>%s<citation><layout>%s</layout></citation>'
            '<bibliography><layout>%s</layout></bibliography></style>\n' % (macros, layout, layout))


def forking_style(depth):
    """m0 calls m1 twice, m1 calls m2 twice, ..., m<depth> renders the title."""
    macros = "".join('<macro name="m%d"><text macro="m%d"/><text macro="m%d"/></macro>' % (i, i + 1, i + 1) for i in range(depth))
    return csl_style(macros + '<macro name="m%d"><text variable="title"/></macro>' % depth, '<text macro="m0"/>')


def wide_style(calls):
    """top calls wide `calls` times, wide calls leaf `calls` times."""
    return csl_style('<macro name="leaf"><text variable="title"/></macro><macro name="wide">' + '<text macro="leaf"/>' * calls +
                     '</macro><macro name="top">' + '<text macro="wide"/>' * calls + '</macro>', '<text macro="top"/>')


CSL_CASES = [
    ("macros each calling the next twice, 18 deep", lambda: forking_style(18)),
    ("macros each calling the next twice, 20 deep", lambda: forking_style(20)),
    ("macros each calling the next twice, 30 deep", lambda: forking_style(30)),
    ("a macro calling one 1,000 times that calls one 1,000 times", lambda: wide_style(1000)),
]


def measure_bounded(cli, args, output):
    """Wall-clock seconds, processor seconds and peak resident memory of one run, or None for a
    run stopped at CSL_TIMEOUT (its own process group killed) or CSL_MEMORY (address space)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (CSL_MEMORY, CSL_MEMORY))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(output, "wb") as out:
        proc = subprocess.Popen([cli, *args], stdout=out, stderr=subprocess.DEVNULL, preexec_fn=limit, start_new_session=True)
        try:
            status = proc.wait(CSL_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status != 0:
        return None
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return time.perf_counter() - start, cpu, after.ru_maxrss * 1024


def csl_table(clis):
    binary = "| binary " if len(clis) > 1 else ""
    print(f"\n| CSL style | size {binary}| render text --style: time (processor time), peak | output |")
    print("|---|---|" + "---|" * (len(clis) > 1) + "---|---|")
    with tempfile.TemporaryDirectory() as work:
        bib = os.path.join(work, "one.bib")
        with open(bib, "w", encoding="utf-8") as f:
            f.write("@article{k, title={Tidal Heating}, author={Okafor, Chidi}, journal={J}, year=2025}\n")
        for name, make in CSL_CASES:
            style = os.path.join(work, "style.csl")
            with open(style, "w", encoding="utf-8") as f:
                f.write(make())
            size = os.path.getsize(style)
            output = os.path.join(work, "out.txt")
            for cli in clis:
                # (a fresh Python child each: RUSAGE_CHILDREN's peak is the largest child's so far)
                probe = ("import json,sys;sys.path.insert(0,%r);import pathological as p;"
                         "print(json.dumps(p.measure_bounded(sys.argv[1],sys.argv[2:-1],sys.argv[-1])))") % os.path.dirname(os.path.abspath(__file__))
                done = subprocess.run([sys.executable, "-c", probe, cli, "render", bib, "--format", "text", "--style", style, output],
                                      stdout=subprocess.PIPE, text=True)
                result = json.loads(done.stdout.strip() or "null")
                label = f"| {cli} " if len(clis) > 1 else ""
                if result is None:
                    cell = f"stopped (over {CSL_TIMEOUT:.0f} s or {CSL_MEMORY >> 30} GB)"
                    written = "-"
                else:
                    seconds, cpu, peak = result
                    cell = f"{seconds:.2f} s ({cpu:.2f} s), {peak / 1e6:.0f} MB"
                    written = megabytes(os.path.getsize(output))
                print(f"| {name} | {megabytes(size)} {label}| {cell} | {written} |", flush=True)
                if os.path.exists(output):
                    os.remove(output)


# ---------------------------------------------------------------- time per byte (quadratic paths)
# Each generator makes one kind of input of about `size` bytes by repeating a unit in one field
# (or one file); SPEED_SIZES are timed for each and the time per byte compared: a linear path
# keeps it within 2x from 100 KB to 1 MB, a quadratic one grows it 10x. Every input holds the
# word "xy" where the repeats are, so that `--search xy` keeps the record and the page marks it.

SPEED_SIZES = (100_000, 1_000_000)
SPEED_TIMEOUT = 60.0  # seconds a run may take before it is stopped (and shown as "> 60 s")


def repeat_to(size, head, unit, tail, sep=""):
    """head + unit(0) + sep + unit(1) + ... + tail, about `size` bytes in all."""
    parts, total, i = [], len(head) + len(tail), 0
    while total < size:
        piece = (sep if i else "") + unit(i)
        parts.append(piece)
        total += len(piece)
        i += 1
    return head + "".join(parts) + tail


def bib_field(field, unit, sep=" ", before=""):
    """One entry whose `field` holds `before`, "xy " and the units."""
    title = "" if field == "title" else "title={Big xy}, "
    return lambda size: repeat_to(size, "@misc{big, " + title + field + "={" + before + "xy ", unit, "}}\n", sep)


def csl_title(unit):
    return lambda size: repeat_to(size, '[{"id":"j","type":"article-journal","title":"xy ', unit, '"}]', " ")


def growing_string_chain(size):
    # @string{s1 = s0 # "a"}, @string{s2 = s1 # "a"}, ...: each macro one byte longer than the last.
    return repeat_to(size, '@string{s0 = "xy"}\n', lambda i: '@string{s%d = s%d # "a"}\n' % (i + 1, i), "@misc{c, title=s0}\n")


def crossref_chain(size):
    return repeat_to(size, "", lambda i: "@misc{c%d, title={T xy}, f%d={v}, crossref={c%d}}\n" % (i, i, i + 1),
                     "@misc{end, title={End}, year=2000}\n")


def crossref_children(size):
    return repeat_to(size, "@proceedings{conf, title={Conf xy}, year=2020, editor={Ed, A and Ed, B}}\n",
                     lambda i: "@inproceedings{c%d, title={P%d xy}, author={Hu, Q.}, crossref={conf}}\n" % (i, i), "")


def many_entries(size):
    return repeat_to(size, "", lambda i: "@article{k%d, title={Paper %d on xy caches}, author={Hu, Qinghao and Ye, "
                                         "Zhisheng}, journal={J}, year=%d, doi={10.1000/%d}}\n" % (i, i, 2000 + i % 25, i), "")


def json_profile(profile, authors, title="xy"):
    return '{"profile":{"name":"Qinghao Hu",%s},"publications":[{"id":"p","title":"%s","author":[%s]}]}' % (
        profile, title, authors)


def profile_legend(size):
    # papershelf JSON: a legend of many symbols and a record whose authors carry them.
    n = max(1, size // 60)
    return json_profile('"legend":{%s}' % ",".join('"s%d":"meaning %d"' % (i, i) for i in range(n)),
                        ",".join('{"family":"F%d","given":"xy","marks":"s%d"}' % (i, i) for i in range(n)))


def profile_aliases(size):
    # The owner's many spellings, and as many authors to match against them.
    n = max(1, size // 60)
    return json_profile('"aliases":[%s]' % ",".join('"G%d Xy%d"' % (i, i) for i in range(n)),
                        ",".join('{"family":"Xz%d","given":"G"}' % i for i in range(n)))


def distinct_marks(size):
    n = max(1, size // 40)
    return json_profile('"legend":{"*":"equal"}',
                        ",".join('{"family":"F%d","given":"G","marks":"%s"}' % (i, chr(0x4E00 + i % 20000)) for i in range(n)))


def initials(i):
    return "%s. %s. %s." % (chr(65 + i % 26), chr(65 + i // 26 % 26), chr(65 + i // 676 % 26))


def case(name, file, make, search="xy", owner="Qinghao Hu"):
    """One kind of input: `make(size)` writes it; `search` keeps its record; `owner` is given to
    `stats` (None: the file's profile names the owner)."""
    return {"name": name, "file": file, "make": make, "search": search, "owner": owner}


SPEED_CASES = [
    case("entries under one key", "dups.bib", lambda size: repeat_to(size, "", lambda i: "@misc{k, title={T xy}}\n", "")),
    case("$x^{2}_{3}$ in one title", "math.bib", bib_field("title", lambda i: "$x^{2}_{3}$")),
    case("$e^{q}$ in one title", "mathq.bib", bib_field("title", lambda i: "$e^{q}$")),
    case("URLs in one url field", "urls.bib", bib_field("url", lambda i: "https://e.org/xy/%d" % i)),
    case("URLs in url and url_doi", "urlsdoi.bib",
         lambda size: bib_field("url", lambda i: "https://doi.org/10.1/%d" % i)(size // 2)[:-3] + "}, url_doi={" +
         " ".join("https://doi.org/10.1/%d" % i for i in range(size // 48)) + "}}\n"),
    case("one URL with spaces", "urlspace.bib", bib_field("url", lambda i: "xy", sep="  ")),
    case("<i>a</i> in a JSON title", "markup.json", csl_title(lambda i: "<i>a</i>")),
    case("<sup>2</sup> in a JSON title", "sup.json", csl_title(lambda i: "<sup>2</sup>")),
    case("\\emph{a} <i>b</i> in a title", "mixed.bib", bib_field("title", lambda i: "\\emph{a} <i>b</i><sup>2</sup>")),
    case("\\emph{xy} in a title (spans and matches)", "marks.bib", bib_field("title", lambda i: "\\emph{xy}")),
    case("xy in a title (matches)", "matches.bib", bib_field("title", lambda i: "xy")),
    case("xyxy... one word in a title", "word.bib", bib_field("title", lambda i: "xy", sep="")),
    case("\\it a in a title (style switches)", "switches.bib", bib_field("title", lambda i: "\\it a \\bf xy")),
    case("nested \\emph in a title", "nested.bib",
         lambda size: "@misc{n, title={" + "\\emph{xy " * (size // 10) + "}" * (size // 10) + "}}\n"),
    case("{\\bf a}{\\it b} in a note", "note.bib", bib_field("note", lambda i: "{\\bf xy}{\\it b}", sep="")),
    case("\\url{} in a note", "noteurl.bib", bib_field("note", lambda i: "\\url{https://e.org/xy/%d}" % i)),
    case("\\emph{a} $b$ in an abstract", "abstract.bib", bib_field("abstract", lambda i: "\\emph{xy} $b_%d$" % (i % 10))),
    case("accents in a title", "accents.bib", bib_field("title", lambda i: "\\\"o\\'e{\\c c}xy", sep="")),
    case("authors", "authors.bib", bib_field("author", lambda i: "Xy%d, G." % i, sep=" and ", before="Hu, Qinghao and ")),
    case("co-authors sharing a family name", "family.bib",
         bib_field("author", lambda i: "Gx%d Xy" % i, sep=" and ", before="Hu, Qinghao and ")),
    case("co-authors with initials, one family", "initials.bib",
         bib_field("author", lambda i: initials(i) + " Xy", sep=" and ", before="Hu, Qinghao and Gx Xy and ")),
    case("a name with many particles", "particles.bib",
         bib_field("author", lambda i: "von van der de la du", before="G. and Jean ")),
    case("names with particles", "names.bib", bib_field("author", lambda i: "Jean von der Xy%d" % i, sep=" and ")),
    case("editors", "editors.bib", bib_field("editor", lambda i: "Xy%d, G." % i, sep=" and ")),
    case("keywords", "keywords.bib", bib_field("keywords", lambda i: "xy%d" % i, sep=", ")),
    case("legend lines in an annotation", "annotation.bib", bib_field("annotation", lambda i: "* xy%d<br>" % i, sep="")),
    case("@string chain", "chain.bib", growing_string_chain),
    case("@string # @string in one field", "concat.bib",
         lambda size: repeat_to(size, '@string{s = "xy "}\n@misc{c, title = ', lambda i: "s", "}\n", " # ")),
    case("crossref chain", "crossref.bib", crossref_chain),
    case("crossref children", "children.bib", crossref_children),
    case("ordinary entries", "entries.bib", many_entries),
    case("CSL-JSON authors", "authors.json",
         lambda size: repeat_to(size, '[{"id":"a","title":"xy","author":[', lambda i: '{"family":"F%d","given":"G"}' % i, "]}]", ",")),
    case("CSL-JSON entries under one id", "dups.json",
         lambda size: repeat_to(size, "[", lambda i: '{"id":"k","title":"T xy"}', "]", ",")),
    case("profile legend symbols and marked authors", "legend.json", profile_legend, owner=None),
    case("profile aliases and authors", "aliases.json", profile_aliases, owner=None),
    case("profile interests", "interests.json",
         lambda size: json_profile('"interests":[%s]' % ",".join('"topic %d"' % i for i in range(size // 12)), ""),
         owner=None),
    case("authors with distinct marks", "distinct.json", distinct_marks, owner=None),
    case("one key repeated in a JSON record", "keys.json",
         lambda size: repeat_to(size, '[{"id":"j","title":"xy"', lambda i: ',"note":"n%d"' % i, "}]")),
    case("\\u escapes in a JSON title", "escapes.json", csl_title(lambda i: "\\u00e9\\ud83d\\ude00")),
    case("\\href in a note", "href.bib", bib_field("note", lambda i: "\\href{https://e.org/%d}{xy %d}" % (i, i))),
    case("{Xy} braced words in a title", "braces.bib", bib_field("title", lambda i: "{Xy}")),
    case("a long family name", "family1.bib", bib_field("author", lambda i: "Xy", sep="", before="G. ")),
    case("comments between entries", "comments.bib",
         lambda size: repeat_to(size, "@misc{a, title={xy}}\n", lambda i: "%% xy %d\n@comment{xy %d}\n" % (i, i), "")),
    case("entries that never close", "open.bib",
         lambda size: repeat_to(size, "@misc{a, title={xy}}\n", lambda i: "@misc{k%d, title={xy\n" % i, "")),
    case("32 search words in a title", "words.bib", bib_field("title", lambda i: "w%d" % (i % 5000)),
         search=" ".join("w%d" % i for i in range(32))),
    case("url_<kind> fields", "urlkinds.bib",
         lambda size: repeat_to(size, "@misc{u, title={xy}", lambda i: ", url_k%d={https://e.org/%d}" % (i, i), "}\n")),
    case("page ranges", "pages.bib", bib_field("pages", lambda i: "1--2", sep=", ")),
    case("unknown members of a JSON record", "members.json",
         lambda size: repeat_to(size, '[{"id":"j","title":"xy"', lambda i: ',"k%d":"v"' % i, "}]")),
    # A link to the page carries any search text: here the longest the core reads (2,000 bytes),
    # as a word that occurs at every place of a title of one long word.
    case("a 2,000-byte search word in a long word", "longword.bib", bib_field("title", lambda i: "a", sep=""),
         search="a" * 2000),
]

# The runs timed for each input: the CLI's commands, and the page's core (ps_query, the marks and
# ps_entries_html: the only path that marks matches; bench/bench_render.cpp).
SPEED_RUNS = [
    ("check", ["{cli}", "check", "{file}"]),
    ("render html --search", ["{cli}", "render", "{file}", "--format", "html", "--search", "{search}"]),
    ("render json --search", ["{cli}", "render", "{file}", "--format", "json", "--search", "{search}"]),
    ("render text --search", ["{cli}", "render", "{file}", "--format", "text", "--search", "{search}"]),
    ("render bibtex --search", ["{cli}", "render", "{file}", "--format", "bibtex", "--search", "{search}"]),
    ("render ris --search", ["{cli}", "render", "{file}", "--format", "ris", "--search", "{search}"]),
    ("render csl-json --search", ["{cli}", "render", "{file}", "--format", "csl-json", "--search", "{search}"]),
    ("render text --style apa --search", ["{cli}", "render", "{file}", "--format", "text", "--style", "apa", "--search",
                                          "{search}"]),
    ("stats", ["{cli}", "stats", "{file}", "--owner", "{owner}"]),
    ("page: entries html, marked", ["{render}", "{file}", "{search}"]),
]


def finished_within(args, timeout):
    """Runs `args`; False when it took longer than `timeout` seconds (it is stopped)."""
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        proc.wait(timeout)
        return True
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return False


def timed(args, runs=2):
    """The least processor time (user + system) of `runs` runs, or None past SPEED_TIMEOUT: processor
    time, because on a loaded machine the wall clock of a long run grows more than a short one's."""
    best = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        if not finished_within(args, SPEED_TIMEOUT):
            return None
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        best = seconds if best is None else min(best, seconds)
    return best


def speed_row(build, paths, c):
    """[[time at each of SPEED_SIZES]] per SPEED_RUNS for one build's binaries."""
    cells = []
    for _, template in SPEED_RUNS:
        times = []
        for size in SPEED_SIZES:
            values = {"cli": build["cli"], "render": build["render"], "file": paths[size], "search": c["search"],
                      "owner": c["owner"]}
            args = [a.format(**values) for a in template]
            if c["owner"] is None and "--owner" in args:
                del args[args.index("--owner"):args.index("--owner") + 2]
            times.append(None if not os.path.exists(args[0]) else timed(args))
        cells.append(times)
    return cells


def show(seconds):
    return "> %d s" % SPEED_TIMEOUT if seconds is None else ("%.3f s" % seconds if seconds < 10 else "%.1f s" % seconds)


def per_byte_ratio(times, sizes):
    if times[0] is None or times[1] is None:
        return "-"
    small = max(times[0], 0.001) / sizes[0]  # (1 ms: the clock's grain)
    return "%.1f" % ((times[1] / sizes[1]) / small)


def speed_tables(builds, only=""):
    """A table per case: each run's processor time at 100 KB and 1 MB and the ratio of the time per
    byte (1.0: linear), for each build (the old one first when compared)."""
    worst = {name: 0.0 for name in builds}
    with tempfile.TemporaryDirectory() as work:
        for c in SPEED_CASES:
            if only and only.lower() not in c["name"].lower():
                continue
            paths, sizes = {}, []
            for size in SPEED_SIZES:
                path = os.path.join(work, "%d-%s" % (size, c["file"]))
                with open(path, "w", encoding="utf-8") as f:
                    f.write(c["make"](size))
                paths[size] = path
                sizes.append(os.path.getsize(path))
            print("\n### %s (%.0f KB, %.2f MB)\n" % (c["name"], sizes[0] / 1e3, sizes[1] / 1e6))
            head = "| run |" + "".join(" %s 100 KB | %s 1 MB | %s ratio |" % ((name,) * 3) for name in builds)
            print(head)
            print("|---|" + "---|---|---|" * len(builds))
            rows = {name: speed_row(build, paths, c) for name, build in builds.items()}
            for k, (run, _) in enumerate(SPEED_RUNS):
                line = "| %s |" % run
                for name in builds:
                    times = rows[name][k]
                    line += " %s | %s | %s |" % (show(times[0]), show(times[1]), per_byte_ratio(times, sizes))
                    if times[1] is None:
                        worst[name] = float("inf")
                    else:
                        worst[name] = max(worst[name], times[1])
                print(line, flush=True)
            for path in paths.values():
                os.remove(path)
    print("\nslowest 1 MB run: " + ", ".join("%s %s" % (name, show(None if t == float("inf") else t)) for name, t in worst.items()))


def build_of(cli):
    root = os.path.dirname(os.path.dirname(os.path.abspath(cli)))
    return {"cli": cli, "render": os.path.join(root, "bench", "papershelf_bench_render")}


def speed_main(argv):
    """--speed [--old OLD_BUILD_DIR] [--only WORD] [--timeout SECONDS] [CLI]: the time-per-byte tables alone."""
    global SPEED_TIMEOUT
    old, only, cli = None, "", "build/native/cli/papershelf"
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg == "--old":
            old = rest.pop(0)
        elif arg == "--only":
            only = rest.pop(0)
        elif arg == "--timeout":
            SPEED_TIMEOUT = float(rest.pop(0))
        elif arg != "--speed":
            cli = arg
    builds = {}
    if old:
        builds["old"] = build_of(os.path.join(old, "cli", "papershelf"))
    builds["new" if old else "time"] = build_of(cli)
    speed_tables(builds, only)


def write_cases(folder, size=SPEED_SIZES[-1]):
    """Each speed case's input of `size` bytes in `folder`, and cases.json describing them."""
    os.makedirs(folder, exist_ok=True)
    described = []
    for c in SPEED_CASES:
        with open(os.path.join(folder, c["file"]), "w", encoding="utf-8") as f:
            f.write(c["make"](size))
        described.append({"name": c["name"], "file": c["file"], "search": c["search"], "owner": c["owner"]})
    with open(os.path.join(folder, "cases.json"), "w", encoding="utf-8") as f:
        json.dump(described, f)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        write_cases(sys.argv[2])
    elif sys.argv[1:2] == ["--pages"]:
        pages_table(sys.argv[2:] or ["build/native/cli/papershelf"])
    elif sys.argv[1:2] == ["--csl"]:
        csl_table(sys.argv[2:] or ["build/native/cli/papershelf"])
    elif any(arg.startswith("--") for arg in sys.argv[1:]):  # --speed and its options: those tables alone
        speed_main(sys.argv[1:])
    else:
        main()
        csl_table(sys.argv[1:] or ["build/native/cli/papershelf"])
        pages_table(sys.argv[1:] or ["build/native/cli/papershelf"])
        speed_main(sys.argv[-1:])  # (the time per byte of the last CLI named)
