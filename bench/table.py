#!/usr/bin/env python3
"""Turns hyperfine's JSON export into a Markdown table of medians and of ratios to the first
command (the textbook counter where there is one): "vs first" is how many times faster than the
first, "time / first" the share of its time. bench/table.py FILE.json"""
import json
import statistics
import sys

results = json.load(open(sys.argv[1]))["results"]
base = statistics.median(results[0]["times"])
print("| command | median | min | max | runs | vs first | time / first |")
print("|:---|---:|---:|---:|---:|---:|---:|")
for r in results:
    median = statistics.median(r["times"])
    print(f"| `{r['command']}` | {median:.3f} s | {min(r['times']):.3f} s | "
          f"{max(r['times']):.3f} s | {len(r['times'])} | {base / median:.2f}x | "
          f"{median / base:.2f} |")
