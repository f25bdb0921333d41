"""Add up SSCHECK lines from several runs of a program (same check, summed)."""
import sys
from collections import OrderedDict

totals = OrderedDict()
for line in sys.stdin:
    words = line.split()
    if len(words) >= 3 and words[0] == "SSCHECK":
        key = " ".join(words[:-1])
        totals[key] = totals.get(key, 0) + int(words[-1])
for key, n in totals.items():
    print(key, n)
