#!/usr/bin/env python3
"""mpicheck.py TALLY JSON [--rank N] [--slowest R] -- ssprof -json of an mpi
experiment against the MPI program's own tally.

TALLY holds the program's lines "tally rank=R routine=NAME calls=C
bytes=B peer=P" (every rank's: what it called, how many bytes its calls
moved as ssprof counts them, the peer or root); other lines are ignored.
JSON is ssprof -json of the ranks' files (or of one, --rank N).  Checked:

  - each routine's calls and bytes summed over the ranks read ("mpi") and
    each rank's row ("per_rank"), against the tally's;
  - the point-to-point messages and bytes of each (sender, receiver) pair
    ("mpi_pairs") against the tally's sending routines (peer = receiver);
  - each rank's calls ("mpi_ranks") against the tally's sum;
  - with --slowest R, that "mpi_imbalance" names rank R as the slowest
    (the program makes rank R compute alone while the others wait);
  - with --source FILE, that each routine's call sites ("mpi_call_sites")
    are the lines of FILE that call it ("NAME(" in the line, in any case),
    and their
    calls add up to the routine's;
  - with --chrome TRACE --schema SCHEMA, that ssprof -chrome's timeline is
    valid against the trace event format's schema and has, per rank (its
    "pid", named "rank R (host)"), one complete event per call of each
    routine with the call's bytes and its peer or root, and events that do not overlap in a
    thread (MPI calls do not nest).

Routines the tally does not name (MPI_Init, MPI_Finalize) are not
checked.  Prints "mpicheck: N figures match", or one line per mismatch and
exits 1.
"""
import argparse
import json
import re
import sys

# The routines whose calls are messages to their peer (docs/mpi.md): the
# sends, persistent sends' starts, and one-sided transfers into the peer.
SENDS = {"MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend",
         "MPI_Issend", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Start",
         "MPI_Startall", "MPI_Put", "MPI_Accumulate"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tally")
    ap.add_argument("json")
    ap.add_argument("--rank", type=int)
    ap.add_argument("--slowest", type=int)
    ap.add_argument("--source")
    ap.add_argument("--chrome")
    ap.add_argument("--schema")
    a = ap.parse_args()
    rows = []
    line_re = re.compile(r"tally rank=(\d+) routine=(\S+) calls=(\d+) "
                         r"bytes=(\d+) peer=(-?\d+)")
    with open(a.tally) as f:
        for line in f:
            m = line_re.search(line)
            if m:
                r, name, calls, nbytes, peer = m.groups()
                if a.rank is None or int(r) == a.rank:
                    rows.append((int(r), name, int(calls), int(nbytes),
                                 int(peer)))
    with open(a.json) as f:
        doc = json.load(f)
    bad, good = [], 0

    def check(what, want, got):
        nonlocal good
        if want == got:
            good += 1
        else:
            bad.append("%s: the program says %s, ssprof %s" % (what, want, got))

    routines = {m["routine"]: m for m in doc.get("mpi", [])}
    names = sorted({r[1] for r in rows})
    for name in names:
        mine = [r for r in rows if r[1] == name]
        got = routines.get(name, {"calls": 0, "bytes": 0, "per_rank": []})
        check(name + " calls", sum(r[2] for r in mine), got["calls"])
        check(name + " bytes", sum(r[3] for r in mine), got["bytes"])
        per_rank = {p["rank"]: p for p in got["per_rank"]}
        for rank in sorted({r[0] for r in mine}):
            p = per_rank.get(rank, {"calls": 0, "bytes": 0})
            check("%s rank %d calls" % (name, rank),
                  sum(r[2] for r in mine if r[0] == rank), p["calls"])
            check("%s rank %d bytes" % (name, rank),
                  sum(r[3] for r in mine if r[0] == rank), p["bytes"])
    pairs = {(p["from"], p["to"]): p for p in doc.get("mpi_pairs", [])}
    want_pairs = {}
    for r in rows:
        if r[1] in SENDS and r[4] >= 0:
            m, b = want_pairs.get((r[0], r[4]), (0, 0))
            want_pairs[(r[0], r[4])] = (m + r[2], b + r[3])
    check("pairs", sorted(want_pairs), sorted(pairs))
    for key, (m, b) in sorted(want_pairs.items()):
        p = pairs.get(key, {"messages": 0, "bytes": 0})
        check("messages %d -> %d" % key, m, p["messages"])
        check("bytes %d -> %d" % key, b, p["bytes"])
    ranks = {r["rank"]: r for r in doc.get("mpi_ranks", [])}
    check("ranks", sorted({r[0] for r in rows}), sorted(ranks))
    for rank in sorted({r[0] for r in rows}):
        # The tally leaves out MPI_Init and MPI_Finalize: one each.
        want = sum(r[2] for r in rows if r[0] == rank) + 2
        check("rank %d calls" % rank, want, ranks.get(rank, {}).get("calls"))
    if a.slowest is not None:
        check("slowest rank", a.slowest,
              doc.get("mpi_imbalance", {}).get("slowest_rank"))
    if a.source:
        with open(a.source) as f:
            text = f.read().splitlines()
        sites = doc.get("mpi_call_sites", [])
        for name in names:
            # Fortran's names are in any case.
            want = sorted(i + 1 for i, line in enumerate(text)
                          if name.lower() + "(" in line.lower())
            mine = [s for s in sites if s["routine"] == name]
            check(name + " call sites", want, sorted(s["line"] for s in mine))
            check(name + " calls at its sites",
                  sum(r[2] for r in rows if r[1] == name),
                  sum(s["calls"] for s in mine))
    if a.chrome:
        import jsonschema
        with open(a.chrome) as f:
            trace = json.load(f)
        with open(a.schema) as f:
            jsonschema.validate(trace, json.load(f))
        events = trace["traceEvents"]
        names = {e["pid"]: e["args"]["name"] for e in events
                 if e["ph"] == "M" and e["name"] == "process_name"}
        for rank in sorted({r[0] for r in rows}):
            check("rank %d process name" % rank, "rank %d" % rank,
                  names.get(rank, "").split(" (")[0])
            mine = [e for e in events if e["ph"] == "X" and e["pid"] == rank]
            for name in sorted({r[1] for r in rows if r[0] == rank}):
                tallied = [r for r in rows if r[0] == rank and r[1] == name]
                calls = [e for e in mine if e["name"] == name]
                check("rank %d %s events" % (rank, name),
                      sum(r[2] for r in tallied), len(calls))
                check("rank %d %s event bytes" % (rank, name),
                      sum(r[3] for r in tallied),
                      sum(e["args"]["bytes"] for e in calls))
                # Each call's peer or root: the tally's calls per peer.
                want = {}
                for r in tallied:
                    if r[2]:
                        want[r[4]] = want.get(r[4], 0) + r[2]
                got = {}
                for e in calls:
                    got[e["args"]["peer"]] = got.get(e["args"]["peer"], 0) + 1
                check("rank %d %s event peers" % (rank, name), want, got)
            ends = {}
            overlaps = 0
            for e in sorted(mine, key=lambda e: (e["tid"], e["ts"])):
                if e["ts"] < ends.get(e["tid"], 0) - 1e-3:
                    overlaps += 1
                ends[e["tid"]] = e["ts"] + e["dur"]
            check("rank %d overlapping events" % rank, 0, overlaps)
    for line in bad:
        print("mpicheck: " + line)
    if bad:
        return 1
    print("mpicheck: %d figures match" % good)
    return 0


if __name__ == "__main__":
    sys.exit(main())
