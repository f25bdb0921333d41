#!/usr/bin/env python3
"""export_check.py -- check what ssprof exports with the consumers of each
format, against ssprof's own -json document of the same files.

  export_check.py callgrind CALLGRIND_FILE DOC.json
      callgrind_annotate (valgrind) reads the file; its program totals and
      per-function self costs equal the document's (ideal: instructions
      exactly, cycles as the functions' rounded cycles; sampling: samples
      and nanoseconds).
  export_check.py pprof PROFILE.pb.gz DOC.json
      `go tool pprof -raw` decodes it; the samples' values add up to the
      document's totals, per leaf function to its exclusive figures.
  export_check.py folded FOLDED DOC.json
      FlameGraph's folded-stack format read line by line ("f1;f2;f3 N"):
      the counts add up to the total, per leaf to the exclusive figures.
  export_check.py speedscope FILE SCHEMA DOC.json
      valid against speedscope's own file-format-schema.json; each
      profile's weights add up to the total.
  export_check.py chrome FILE SCHEMA DOC.json
      valid against the trace event format's schema (SCHEMA); complete
      events nest per thread; the outermost events' durations add up to
      the run's time.
  export_check.py html DOM DOC.json
      the DOM a headless browser dumped of the -html page: the function
      table has a row per function, the flame graph's frames the names
      and shares (inclusive, percent of the run) of the document.
Prints "export_check: <kind> ok (...)" or one line saying what differs,
and exits 1.
"""
import gzip
import html.parser
import json
import re
import subprocess
import sys


def fail(msg):
    print("export_check: " + msg)
    sys.exit(1)


def load(path):
    with open(path) as fp:
        return json.load(fp)


def expected(doc, per_function_rounding=False):
    """(totals, per-function exclusive values) in the exports' units.
    Ideal cycles: the run's cycles rounded (what stacks add up to), or
    with `per_function_rounding` the sum of the functions' rounded cycles
    (what callgrind's per-function lines add up to)."""
    if "sampling" in doc:
        s = doc["sampling"]
        ns = round(s["seconds"] * 1e9)
        funcs = {f["name"]: (f["exclusive_samples"],
                             round(f["exclusive_seconds"] * 1e9))
                 for f in doc["functions"] if f["exclusive_samples"]}
        return (s["samples"], ns), funcs
    funcs = {f["name"]: (f["instructions"], f["cycles"])
             for f in doc["functions"] if f.get("instructions")}
    cycles = (sum(c for _, c in funcs.values()) if per_function_rounding
              else doc["ideal"]["cycles"])
    return (doc["ideal"]["instructions"], cycles), funcs


def check_callgrind(path, doc_path):
    doc = load(doc_path)
    totals, funcs = expected(doc, per_function_rounding=True)
    out = subprocess.run(["callgrind_annotate", "--inclusive=no",
                          "--threshold=100", path], capture_output=True,
                         text=True)
    if out.returncode != 0:
        fail("callgrind_annotate failed: " + out.stderr.strip()[:300])
    nums = lambda s: [int(x.replace(",", "")) for x in
                      re.findall(r"([\d,]+) \(", s)]
    got_totals = None
    got = {}
    for line in out.stdout.splitlines():
        if "PROGRAM TOTALS" in line:
            got_totals = tuple(nums(line))
        m = re.match(r"\s*([\d,]+ \([^)]*\))\s+([\d,]+ \([^)]*\))\s+"
                     r"[^:]*:(.*?)(?: \[.*\])?$", line)
        if m:
            # a function's lines in other files (inlined code, fi=) are
            # listed as file:function rows of their own
            x = got.get(m.group(3), (0, 0))
            got[m.group(3)] = (x[0] + nums(m.group(1))[0],
                               x[1] + nums(m.group(2))[0])
    if got_totals != totals:
        fail("callgrind_annotate's PROGRAM TOTALS %s, ssprof's %s"
             % (got_totals, totals))
    for name, v in funcs.items():
        if got.get(name) != v:
            fail("callgrind_annotate gives %s %s, ssprof %s"
                 % (name, got.get(name), v))
    print("export_check: callgrind ok (%d functions, totals %s)"
          % (len(funcs), totals))


def check_pprof(path, doc_path):
    doc = load(doc_path)
    totals, funcs = expected(doc)
    out = subprocess.run(["go", "tool", "pprof", "-raw", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail("go tool pprof failed: " + out.stderr.strip()[:300])
    section, samples, names = None, [], {}
    for line in out.stdout.splitlines():
        if line in ("Samples:", "Locations", "Mappings"):
            section = line
            continue
        if section == "Samples:":
            m = re.match(r"\s*(\d+)\s+(\d+):\s*([\d ]+)$", line)
            if m:
                samples.append((int(m.group(1)), int(m.group(2)),
                                m.group(3).split()))
        elif section == "Locations":
            m = re.match(r"\s*(\d+): 0x[0-9a-f]+ M=\d+ (.*)$", line)
            if m:  # "name file:line s=start", the file may be empty
                names[m.group(1)] = re.sub(r"\s+\S*:\d+(\s+s=\d+)?$", "",
                                           m.group(2))
    got_totals = (sum(s[0] for s in samples), sum(s[1] for s in samples))
    if got_totals != totals:
        fail("go tool pprof's sample totals %s, ssprof's %s"
             % (got_totals, totals))
    flat = {}
    for a, b, locs in samples:
        leaf = names.get(locs[0], "?")
        x = flat.get(leaf, (0, 0))
        flat[leaf] = (x[0] + a, x[1] + b)
    tolerance = 0 if "sampling" in doc else len(samples)
    for name, v in funcs.items():
        g = flat.get(name, (0, 0))
        if any(abs(g[k] - v[k]) > tolerance for k in (0, 1)):
            fail("go tool pprof's flat %s %s, ssprof's %s" % (name, g, v))
    print("export_check: pprof ok (%d samples, totals %s)"
          % (len(samples), totals))


def check_folded(path, doc_path):
    doc = load(doc_path)
    totals, funcs = expected(doc)
    value = 0 if "sampling" in doc else 1
    leaf, total, n = {}, 0, 0
    with open(path) as fp:
        for line in fp:
            m = re.match(r"^(.+) (\d+)$", line.rstrip("\n"))
            if not m:
                fail("not a folded-stack line: %r" % line)
            frames = m.group(1).split(";")
            leaf[frames[-1]] = leaf.get(frames[-1], 0) + int(m.group(2))
            total += int(m.group(2))
            n += 1
    if total != totals[value]:
        fail("folded stacks add up to %d, ssprof's total is %d"
             % (total, totals[value]))
    tolerance = 0 if "sampling" in doc else n
    for name, v in funcs.items():
        if abs(leaf.get(name, 0) - v[value]) > tolerance:
            fail("folded stacks give %s %d, ssprof %d"
                 % (name, leaf.get(name, 0), v[value]))
    print("export_check: folded ok (%d stacks, total %d)" % (n, total))


def validate(data, schema_path):
    try:
        import jsonschema
    except ImportError:
        # Debian's python3-jsonschema, when this is another Python
        sys.path.append("/usr/lib/python3/dist-packages")
        try:
            import jsonschema
        except ImportError:
            fail("python's jsonschema is missing (Debian: python3-jsonschema)")
    jsonschema.validate(data, load(schema_path))


def check_speedscope(path, schema, doc_path):
    doc = load(doc_path)
    totals, _ = expected(doc)
    data = load(path)
    validate(data, schema)
    profiles = data["profiles"]
    frames = data["shared"]["frames"]
    for p in profiles:
        if len(p["samples"]) != len(p["weights"]):
            fail("profile %s: %d samples, %d weights"
                 % (p["name"], len(p["samples"]), len(p["weights"])))
        for st in p["samples"]:
            if any(i >= len(frames) for i in st):
                fail("profile %s: a frame index out of range" % p["name"])
    if "sampling" in doc:
        got = sum(sum(p["weights"]) for p in profiles)
        want = totals[1]
    else:
        got = sum(profiles[0]["weights"])
        want = totals[1]
    if got != want:
        fail("speedscope weights add up to %d, ssprof's total is %d"
             % (got, want))
    print("export_check: speedscope ok (%d profiles, %d frames, total %d)"
          % (len(profiles), len(frames), got))


def check_chrome(path, schema, doc_path):
    doc = load(doc_path)
    data = load(path)
    validate(data, schema)
    by_thread = {}
    for e in data["traceEvents"]:
        if e["ph"] == "X":
            by_thread.setdefault((e["pid"], e["tid"]), []).append(e)
    outer = 0.0
    eps = 1e-6
    for key, events in by_thread.items():
        events.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack = []
        for e in events:
            while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"] - eps:
                stack.pop()
            if stack and e["ts"] + e["dur"] > stack[-1]["ts"] + stack[-1]["dur"] + eps:
                fail("thread %s: %s at %g overlaps %s without nesting"
                     % (key, e["name"], e["ts"], stack[-1]["name"]))
            if not stack:
                outer += e["dur"]
            stack.append(e)
    if "sampling" in doc:
        want = doc["sampling"]["seconds"] * 1e6
    else:
        want = doc["ideal"]["cycles"] / doc["ideal"]["clock_mhz"]
    if abs(outer - want) > max(1.0, want * 1e-6):
        fail("outermost events last %g us, the run %g us" % (outer, want))
    print("export_check: chrome ok (%d threads, %.0f us)"
          % (len(by_thread), outer))


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.frames = [], []
        self.in_functions = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and a.get("id") == "functions":
            self.in_functions = True
        elif tag == "table":
            self.in_functions = False
        if tag == "tr" and self.in_functions and "data-name" in a:
            self.rows.append(a["data-name"])
        if tag == "div" and "frame" in (a.get("class") or "").split():
            self.frames.append(a)


def check_html(dom_path, doc_path, order=None):
    doc = load(doc_path)
    with open(dom_path) as fp:
        text = fp.read()
    if 'data-ready="1"' not in text:
        fail("the page's script did not finish (no data-ready on <body>)")
    d = Dom()
    d.feed(text)
    if "sampling" in doc:
        funcs = {f["name"]: f for f in doc["functions"]}
        total = doc["sampling"]["samples"]
        incl = {n: f["inclusive_samples"] for n, f in funcs.items()}
    else:
        funcs = {f["name"]: f for f in doc["functions"]
                 if f["blocks"] or f.get("calls")}
        total = doc["ideal"]["cycles"]
        incl = {n: f["inclusive_cycles"] for n, f in funcs.items()}
    if sorted(d.rows) != sorted(funcs):
        fail("the function table lists %s, the document %s"
             % (sorted(d.rows), sorted(funcs)))
    if order == "name" and d.rows != sorted(d.rows):
        fail("sorted by name, the table reads %s" % d.rows)
    if not d.frames:
        fail("the flame graph has no frames")
    # A function's frames together hold its inclusive share once per
    # stack it is in; the frames of functions that never recurse add up
    # to exactly that share.
    shares = {}
    for fr in d.frames:
        shares[fr["data-name"]] = shares.get(fr["data-name"], 0.0) + \
            float(fr["data-share"])
    checked = 0
    for name, s in shares.items():
        if name not in incl or name.startswith("fib"):
            continue
        want = 100.0 * incl[name] / total if total else 0
        if abs(s - want) > 0.5:
            fail("flame graph frames of %s hold %.2f%%, its inclusive share "
                 "is %.2f%%" % (name, s, want))
        checked += 1
    print("export_check: html ok (%d rows, %d frames, %d shares checked)"
          % (len(d.rows), len(d.frames), checked))


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    kind = argv[1]
    if kind == "callgrind":
        check_callgrind(argv[2], argv[3])
    elif kind == "pprof":
        check_pprof(argv[2], argv[3])
    elif kind == "folded":
        check_folded(argv[2], argv[3])
    elif kind == "speedscope":
        check_speedscope(argv[2], argv[3], argv[4])
    elif kind == "chrome":
        check_chrome(argv[2], argv[3], argv[4])
    elif kind == "html":
        check_html(argv[2], argv[3], argv[4] if len(argv) > 4 else None)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
