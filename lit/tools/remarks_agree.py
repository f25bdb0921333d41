#!/usr/bin/env python3
"""remarks_agree.py -- check sscc -fss-remarks against clang's own remarks.

    remarks_agree.py CLANG_STDERR SSCC_STDERR

CLANG_STDERR is what clang printed for the same file and flags with
-fno-caret-diagnostics and -Rpass=, -Rpass-missed= and -Rpass-analysis= for
the passes checked here (loop-vectorize, loop-unroll, loop-interchange,
pipeliner): the independent reference.  SSCC_STDERR holds the #<swps> /
#<swpf> lines of sscc.  For every loop (by its start line) the facts the two
state must be the same, in both directions:

  vectorized   "vectorized loop (vectorization width: W, interleaved count: I)"
               <-> "vectorized, width W[, interleaved I]" (I shown when > 1)
  not vectorized, and why
               the vectorizer's analysis and missed remarks of a loop (those
               with an instruction's location come before the bare "loop not
               vectorized" at the loop's start) <-> "wasn't vectorized
               because: R1; R2" with the same reasons in the same order
               (interleaving decisions are not reasons)
  unrolled     "unrolled loop by a factor of N[ with run-time trip count]",
               "completely unrolled loop with N iterations", "peeled loop by
               N iterations" <-> "unrolled N[ (run-time trip count)]",
               "completely unrolled (N iterations)", "peeled N"
  interchanged "Loop interchanged with enclosing loop." <-> "interchanged
               with the enclosing loop"; a missed interchange's message <->
               "wasn't interchanged because: ..."
  pipelined    "Pipelined succesfully!" after "Schedule found with
               Initiation Interval: II, ..." <-> "software pipelined,
               initiation interval II cycles"; else the pipeliner's reasons
               <-> "wasn't pipelined because: ..."

Prints "remarks agree: N loops, M facts" or every difference (exit 1).
"""
import re
import sys

CLANG = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): remark: (?P<msg>.*) "
    r"\[-Rpass(?P<kind>-missed|-analysis)?(?:=(?P<pass>[\w-]+))?\]$")
OURS = re.compile(r"^#<(?P<tag>swp[sf])> Loop line (?P<line>\d+)"
                  r"(?: \((?P<file>[^)]*)\))?(?::| ) ?(?P<text>.*)$")


def strip_period(s):
    return s[:-1] if s.endswith(".") else s


def lower_first(s):
    if len(s) > 1 and s[0].isupper() and not s[1].isupper():
        return s[0].lower() + s[1:]
    return s


def clang_remarks(path):
    """clang's remark lines; a message of several lines (the vectorizer of
    newer LLVMs puts the dependence on a line of its own) is joined with
    spaces, up to the line that ends in the [-Rpass...] flag."""
    start = re.compile(r"^.*?:\d+:\d+: remark: ")
    flag = re.compile(r"\[-Rpass[\w-]*(?:=[\w-]+)?\]$")
    current = None
    for raw in open(path, encoding="utf-8", errors="replace"):
        line = raw.rstrip("\n")
        if start.match(line):
            if current is not None:
                yield current
            current = line
        elif current is not None and not flag.search(current):
            current += " " + line
        if current is not None and flag.search(current):
            yield current
            current = None
    if current is not None:
        yield current


def reference_facts(path):
    facts = {}  # line -> set of fact tuples
    vec_reasons = {}  # line -> list of reasons, in order
    vec_done = set()
    pending = []  # vectorizer reasons waiting for their loop's line
    schedule = {}  # line -> last II found
    pipe_reasons = {}
    pipelined = set()
    not_interchanged = {}

    def add(line, fact):
        facts.setdefault(line, set()).add(fact)

    def reason(line, text):
        lst = vec_reasons.setdefault(line, [])
        if text not in lst:
            lst.append(text)

    for raw in clang_remarks(path):
        m = CLANG.match(raw)
        if not m:
            continue
        line, msg = int(m["line"]), m["msg"]
        kind = {None: "passed", "-missed": "missed",
                "-analysis": "analysis"}[m["kind"]]
        p = m["pass"] or ""
        if p in ("loop-vectorize", ""):
            if kind == "passed":
                v = re.match(r"vectorized loop \(vectorization width: (\S+), "
                             r"interleaved count: (\d+)\)", msg)
                if v:
                    add(line, ("vectorized", v[1], v[2] if v[2] != "1" else ""))
                    vec_done.add(line)
                i = re.match(r"interleaved loop \(interleaved count: (\d+)\)", msg)
                if i:
                    add(line, ("interleaved", i[1]))
                    vec_done.add(line)
                pending.clear()
                continue
            if "interleaving" in msg:
                continue
            if msg.startswith("loop not vectorized: "):
                pending.append(strip_period(msg[len("loop not vectorized: "):]))
            elif msg.startswith("loop not vectorized"):
                vec_reasons.setdefault(line, [])
                for r in pending:
                    reason(line, r)
                pending.clear()
            else:
                reason(line, strip_period(msg))
        elif p == "loop-unroll" and kind == "passed":
            u = re.match(r"unrolled loop by a factor of (\d+)( with run-time "
                         r"trip count)?", msg)
            c = re.match(r"completely unrolled loop with (\d+) iterations", msg)
            k = re.match(r"peeled loop by (\d+) iterations?", msg)
            if u:
                add(line, ("unrolled", u[1] + (" (run-time trip count)"
                                               if u[2] else "")))
            elif c:
                add(line, ("unrolled", "completely (%s iterations)" % c[1]))
            elif k:
                add(line, ("unrolled", "peeled " + k[1]))
        elif p == "loop-interchange":
            if kind == "passed":
                add(line, ("interchanged",))
            else:
                lst = not_interchanged.setdefault(line, [])
                r = lower_first(strip_period(msg))
                if r not in lst:
                    lst.append(r)
        elif p == "pipeliner":
            s = re.match(r"Schedule found with Initiation Interval: (\d+)", msg)
            if s:
                schedule[line] = s[1]
            elif kind == "passed":
                add(line, ("pipelined", schedule.get(line, "?")))
                pipelined.add(line)
            elif not msg.startswith("Failed to pipeline loop"):
                lst = pipe_reasons.setdefault(line, [])
                r = lower_first(strip_period(msg))
                if r not in lst:
                    lst.append(r)
            else:
                pipe_reasons.setdefault(line, [])
    for line, reasons in vec_reasons.items():
        if line not in vec_done:
            add(line, ("not vectorized", "; ".join(reasons)))
    for line, reasons in pipe_reasons.items():
        if line not in pipelined:
            add(line, ("not pipelined", "; ".join(reasons)))
    for line, reasons in not_interchanged.items():
        if ("interchanged",) not in facts.get(line, set()):
            add(line, ("not interchanged", "; ".join(reasons)))
    return facts


def clause(text, head):
    """The text of `head` ("wasn't vectorized because: ") up to the next
    clause of the summary, or None."""
    at = text.find(head)
    if at < 0:
        return None
    rest = text[at + len(head):]
    ends = [rest.find(s) for s in ("; also: ", "; wasn't ")]
    ends = [e for e in ends if e >= 0]
    return rest[:min(ends)] if ends else rest


def our_facts(path):
    facts = {}
    for raw in open(path, encoding="utf-8", errors="replace"):
        m = OURS.match(raw.rstrip("\n"))
        if not m:
            continue
        line, text = int(m["line"]), m["text"]
        fs = facts.setdefault(line, set())
        for v in re.finditer(r"(?:^|; )vectorized, width (\S+?)"
                             r"(?:, interleaved (\d+))?(?=;|$| and)", text):
            fs.add(("vectorized", v[1], v[2] or ""))
        for i in re.finditer(r"(?:^|; )interleaved (\d+), not vectorized", text):
            fs.add(("interleaved", i[1]))
        if "wasn't vectorized" in text:
            c = clause(text, "wasn't vectorized because: ")
            fs.add(("not vectorized", c or ""))
            if m["tag"] != "swpf":
                fs.add(("tag", "a vectorizer failure not marked swpf"))
        elif m["tag"] != "swps" and any(f[0] == "vectorized" for f in fs):
            fs.add(("tag", "a vectorized loop not marked swps"))
        for u in re.finditer(r"(?:^|; |also: )(?:unrolled (\d+( \(run-time trip "
                             r"count\))?)|(?:a copy )?completely unrolled "
                             r"\((\d+) iterations\)|peeled (\d+))(?=;|$)",
                             text):
            if u[1]:
                fs.add(("unrolled", u[1]))
            elif u[3]:
                fs.add(("unrolled", "completely (%s iterations)" % u[3]))
            else:
                fs.add(("unrolled", "peeled " + u[4]))
        if "interchanged with the enclosing loop" in text:
            fs.add(("interchanged",))
        c = clause(text, "wasn't interchanged because: ")
        if c is not None:
            fs.add(("not interchanged", c))
        p = re.search(r"software pipelined(?:, initiation interval (\d+) cycles)?",
                      text)
        if p:
            fs.add(("pipelined", p[1] or "?"))
        if "wasn't pipelined" in text:
            c = clause(text, "wasn't pipelined because: ")
            fs.add(("not pipelined", c or ""))
    return facts


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: remarks_agree.py CLANG_STDERR SSCC_STDERR")
    ref, ours = reference_facts(sys.argv[1]), our_facts(sys.argv[2])
    problems = []
    for line in sorted(set(ref) | set(ours)):
        r, o = ref.get(line, set()), ours.get(line, set())
        for f in sorted(r - o, key=repr):
            problems.append("line %d: clang says %r, sscc does not" % (line, f))
        for f in sorted(o - r, key=repr):
            problems.append("line %d: sscc says %r, clang does not" % (line, f))
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    loops = [l for l in ref if ref[l]]
    if not loops:
        sys.exit("remarks_agree.py: clang reported nothing to compare")
    print("remarks agree: %d loops, %d facts"
          % (len(loops), sum(len(ref[l]) for l in loops)))


if __name__ == "__main__":
    main()
