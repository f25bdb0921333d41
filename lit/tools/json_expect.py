#!/usr/bin/env python3
"""json_expect.py -- check an `ssprof -json` document with Python
expressions, for end-to-end tests whose numbers are statistical (shares of
samples, not exact counts) or relations between figures of the model.

  json_expect.py DOC.json SOURCE.c 'EXPR' ['EXPR' ...]

Each EXPR must be true.  Names it can use:
  d                 the document
  s                 d["sampling"]
  n                 s["samples"] (the selected samples)
  f(name)           the function named `name` (a dict), or {} if absent
  excl(name), incl(name)   its exclusive / inclusive samples (0 if absent)
  edge(caller, callee)     the callgraph entries of that pair (a list)
  line(marker)      the line of SOURCE that ends in the comment "// marker"
  lines_of(name)    the set of lines of function `name` that have samples
  blocks(name)      the ideal-time machine blocks of function `name`
  loop(marker)      the loop that starts at line(marker) (the innermost if
                    several do)
  number(path)      the first number in the file at `path`
Prints "json_expect: N checks passed", or the failing expression with the
document's functions, and exits 1.
"""
import json
import sys


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    with open(argv[1]) as fp:
        d = json.load(fp)
    with open(argv[2]) as fp:
        source = fp.read().splitlines()
    funcs = {x["name"]: x for x in d.get("functions", [])}

    def f(name):
        return funcs.get(name, {})

    def excl(name):
        return f(name).get("exclusive_samples", 0)

    def incl(name):
        return f(name).get("inclusive_samples", 0)

    def edge(caller, callee):
        return [e for e in d.get("callgraph", [])
                if e["caller"] == caller and e["callee"] == callee]

    def line(marker):
        for i, text in enumerate(source, 1):
            if text.rstrip().endswith("// " + marker):
                return i
        raise SystemExit("json_expect: no line ends in // " + marker)

    def lines_of(name):
        return {l["line"] for l in d["lines"]
                if l["function"] == name and l["samples"] > 0}

    def blocks(name):
        return [b for b in d.get("ideal", {}).get("blocks", [])
                if b["function"] == name]

    def loop(marker):
        at = [x for x in d.get("loops", []) if x["line"] == line(marker)]
        if not at:
            raise SystemExit("json_expect: no loop at // " + marker)
        return max(at, key=lambda x: x["depth"])

    def number(path):
        with open(path) as fp:
            return float(fp.read().split()[0])

    env = {"d": d, "s": d.get("sampling", {}), "f": f, "excl": excl,
           "incl": incl, "edge": edge, "line": line,
           "lines_of": lines_of, "blocks": blocks, "loop": loop,
           "number": number}
    env["n"] = env["s"].get("samples", 0)
    for expr in argv[3:]:
        if not eval(expr, env):
            summary = ", ".join("%s %d/%d" % (x["name"],
                                               x.get("exclusive_samples", 0),
                                               x.get("inclusive_samples", 0))
                                for x in d.get("functions", []))
            print("json_expect: failed: %s\n  %d samples; functions "
                  "(exclusive/inclusive): %s" % (expr, env["n"], summary))
            return 1
    print("json_expect: %d checks passed" % (len(argv) - 3))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
