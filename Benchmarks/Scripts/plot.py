#!/usr/bin/env python3
"""Draws read cost against values in context, Implicits and its peers, as SVG.

usage: Scripts/plot.py [Results/instructions.tsv] [read-cost.svg]

Reads the table written by instructions.sh; no plotting library needed. Both axes are
logarithmic. Peers were measured with one value in context and are drawn as dashed
reference lines.
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import load  # noqa: E402

WIDTH, HEIGHT = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 210, 50, 60
COLORS = {
    "Implicits": "#d62728",
    "local variable": "#7f7f7f",
    "TaskLocal": "#1f77b4",
    "swift-dependencies": "#2ca02c",
    "Swinject": "#9467bd",
}


def main():
    here = Path(__file__).resolve().parent.parent
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else here / "Results/instructions.tsv"
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else here / "read-cost.svg"
    rows = load(source)

    ours = []
    for r in rows:
        if r["subject"] != "Implicits":
            continue
        if r["group"] == "read-1":
            ours.append((1, r["ir"]))
        elif r["group"].startswith("read-") and r["group"][5:].isdigit():
            ours.append((int(r["group"][5:]), r["ir"]))
    ours.sort()
    peers = [(r["subject"], r["ir"]) for r in rows if r["group"] == "read-1" and r["subject"] != "Implicits"]

    xs = [x for x, _ in ours]
    ys = [y for _, y in ours] + [y for _, y in peers]
    x_lo, x_hi = 0, math.ceil(math.log10(max(xs)))
    y_lo = math.floor(math.log10(max(min(ys), 1)))
    y_hi = math.ceil(math.log10(max(ys)))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y):
        return TOP + plot_h - (math.log10(max(y, 1)) - y_lo) / (y_hi - y_lo) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="28" font-size="15" font-weight="bold">'
        "Cost of one read vs values in context (callgrind, instructions/read)</text>",
    ]
    for e in range(y_lo, y_hi + 1):
        y = py(10**e)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{10**e:,}</text>')
    for e in range(x_lo, x_hi + 1):
        x = px(10**e)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{10**e:,}</text>')
    out.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333"/>'
    )
    out.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 18}" text-anchor="middle">values in context</text>'
    )
    out.append(
        f'<text transform="translate(22 {TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">'
        "instructions per read</text>"
    )

    legend_y = TOP + 10
    for name, cost in peers:
        color = COLORS.get(name, "#000")
        y = py(cost)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="{color}" '
            'stroke-width="2" stroke-dasharray="6 4"/>'
        )
        out.append(legend(legend_y, color, f"{name} ({cost:,.0f})", dashed=True))
        legend_y += 22
    points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in ours)
    color = COLORS["Implicits"]
    out.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="3"/>')
    for x, y in ours:
        out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" fill="{color}"/>')
    label = ", ".join(f"{y:.0f}" for _, y in ours)
    out.append(legend(legend_y, color, "Implicits", dashed=False))
    out.append(
        f'<text x="{LEFT + plot_w + 40}" y="{legend_y + 18}" font-size="10" fill="#555">({label})</text>'
    )
    out.append(
        f'<text x="{LEFT + plot_w + 12}" y="{TOP + plot_h - 4}" font-size="10" fill="#555">'
        "dashed: 1 value in context</text>"
    )
    out.append("</svg>")
    target.write_text("\n".join(out) + "\n")


def legend(y, color, text, dashed):
    x = LEFT + (WIDTH - LEFT - RIGHT) + 12
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return (
        f'<line x1="{x}" y1="{y}" x2="{x + 24}" y2="{y}" stroke="{color}" stroke-width="3"{dash}/>'
        f'<text x="{x + 30}" y="{y + 4}">{text}</text>'
    )


if __name__ == "__main__":
    main()
