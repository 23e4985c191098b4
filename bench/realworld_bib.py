#!/usr/bin/env python3
"""Builds a benchmark .bib of real entries: the files of ../shared/corpus/realworld (researchers'
files as they keep them) taken in turn, entry by entry, with fresh keys, until N entries.

    python3 bench/realworld_bib.py 10000 /tmp/real10k.bib [CORPUS_DIR]

The output is generated at bench time and never committed (the corpus is a reference, not ours).
@string definitions come along once, before the first entry that could use them.
"""
import os
import re
import sys


def split_entries(text):
    """Top-level @-blocks of a .bib file: (type, whole block text). Brace-balanced; a % comment
    line that starts with @ is skipped, as the reader does."""
    blocks = []
    i, n = 0, len(text)
    while True:
        i = text.find('@', i)
        if i < 0:
            return blocks
        line_start = text.rfind('\n', 0, i) + 1
        if '%' in text[line_start:i]:
            i += 1
            continue
        m = re.match(r'@\s*(\w+)\s*([{(])', text[i:])
        if not m:
            i += 1
            continue
        kind = m.group(1).lower()
        close = '}' if m.group(2) == '{' else ')'
        j = i + m.end()
        depth = 1
        while j < n and depth:
            c = text[j]
            if c == '\\':
                j += 2
                continue
            if c == m.group(2):
                depth += 1
            elif c == close:
                depth -= 1
            j += 1
        blocks.append((kind, text[i:j]))
        i = j


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    target = int(sys.argv[1])
    out_path = sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    corpus = sys.argv[3] if len(sys.argv) > 3 else os.path.join(here, '..', '..', 'shared', 'corpus', 'realworld')
    files = sorted(f for f in os.listdir(corpus) if f.endswith('.bib'))
    if not files:
        sys.exit('no .bib files in %s' % corpus)
    per_file = []
    for name in files:
        with open(os.path.join(corpus, name), encoding='utf-8', errors='replace') as f:
            per_file.append(split_entries(f.read()))
    out = []
    count = 0
    round_no = 0
    while count < target:
        for blocks in per_file:
            for kind, block in blocks:
                if kind in ('comment', 'preamble'):
                    continue
                if kind == 'string':
                    if round_no == 0:
                        out.append(block)
                    continue
                if count >= target:
                    break
                # A fresh key: the same paper again is another record.
                block = re.sub(r'^(@\s*\w+\s*[{(]\s*)([^,\s]*)', lambda m: '%sr%d-%s' % (m.group(1), round_no, m.group(2)),
                               block, count=1)
                out.append(block)
                count += 1
        round_no += 1
    with open(out_path, 'w', encoding='utf-8') as f:
        f.write('\n\n'.join(out) + '\n')
    print('%s: %d entries from %d files, %.1f MB' % (out_path, count, len(files), os.path.getsize(out_path) / 1e6))


if __name__ == '__main__':
    main()
