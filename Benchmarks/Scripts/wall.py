#!/usr/bin/env python3
"""Wall-time table (p50 per operation) from one run of the ordo-one/benchmark suite.

usage: swift package --package-path Benchmarks benchmark > Results/wall.txt
       Scripts/wall.py Results/wall.txt [Results/instructions.tsv]

Reads the plugin's text output: a line naming each benchmark (`group/subject`), then a
table whose "Time (wall clock)" row lists p0, p25, p50, ... Prints one markdown table with
each peer's p50 as a ratio to Implicits' p50 in the same group, the same form as the
instruction table of report.py, so the two can be compared row by row. With the
instruction table's TSV, times are per operation (read-N iterations do 8 reads).
"""
import csv
import re
import sys

OURS = "Implicits"
UNITS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(path):
    rows, name = [], None
    for line in open(path, encoding="utf-8"):
        text = line.strip()
        if "/" in text and not text.startswith(("│", "╒", "╞", "├", "╘", "=")) and "%" not in text:
            name = text
            continue
        match = re.match(r"│\s*Time \(wall clock\) \((\S+)\)\s*\*?\s*│(.*)", text)
        if match and name:
            values = [v.strip() for v in match.group(2).split("│") if v.strip()]
            p50 = float(values[2].replace(",", "")) * UNITS.get(match.group(1), 1.0)
            group, subject = name.split("/", 1)
            rows.append((group, subject, p50))
            name = None
    return rows


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    rows = load(sys.argv[1])
    if len(sys.argv) == 3:
        ops = {}
        with open(sys.argv[2], newline="") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                ops[(r["group"], r["subject"])] = int(r["ops_per_iteration"])
        rows = [(g, s, p50 / ops.get((g, s), 1)) for g, s, p50 in rows]
    ours = {group: p50 for group, subject, p50 in rows if subject == OURS}
    print("| scenario | subject | p50 wall time (ns) | Implicits vs this |")
    print("|---|---|---:|---:|")
    for group, subject, p50 in rows:
        ratio = ""
        mine = ours.get(group)
        if subject != OURS and mine:
            ratio = f"{p50 / mine:,.1f}× cheaper" if p50 >= mine else f"{mine / p50:,.2f}× dearer"
        print(f"| {group} | {subject} | {p50:,.1f} | {ratio} |" if p50 < 100 else f"| {group} | {subject} | {p50:,.0f} | {ratio} |")


if __name__ == "__main__":
    main()
