#!/usr/bin/env python3
"""check_layers.py [--public] [--tests-use NAME]... ROOT LAYERS -- every
#include "..." of a layered tree names a header of the including file's own
layer or of a layer it may use.

ROOT is a folder whose subfolders are the layers (rt/, say); a file belongs
to the layer of the first folder below ROOT that holds it, tests/ included.
LAYERS is the order, lowest layer first, one line per layer:

    name: the layers it may use

('#' starts a comment).  A layer may use only layers listed before it, and
what they may use in turn.  A header is the layer's whose folder holds it:
the path in quotes is looked up next to the including file first, as the
compiler does, then under every layer's folder; a header in none (a shared
one, a system one) is no layer's and is not checked.

--public: across layers, only a layer's public header, <layer>/<layer>.h,
may be included; its other headers are private to it.

--tests-use NAME: files in a layer's tests/ folder may also use layer NAME
(test support: any of its headers) and the headers of the tests/ folders of
the layers their layer may use (fixtures).

Prints one line per violation -- a file that includes another layer's
header, a .c or .h file outside every layer -- then a summary.  Exit status
1 if there is a violation or LAYERS is malformed, 2 on wrong usage.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def read_layers(path):
    """[(name, set of the layers it may use, transitively)], lowest first."""
    layers, may_use = [], {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, colon, uses = line.partition(":")
            name = name.strip()
            if not colon or not name or name in may_use:
                raise ValueError("%s:%d: expected 'layer: layers it may use', "
                                 "each layer once" % (path, number))
            allowed = set()
            for used in uses.split():
                if used not in may_use:
                    raise ValueError("%s:%d: %s may use only layers listed "
                                     "before it, not %s" % (path, number, name, used))
                allowed |= {used} | may_use[used]
            may_use[name] = allowed
            layers.append(name)
    return [(name, may_use[name]) for name in layers]


def layer_of(path, root, names):
    """The layer whose folder holds path, or None."""
    rel = os.path.relpath(path, root)
    first = rel.split(os.sep, 1)[0]
    return first if first in names and not rel.startswith("..") else None


def owners(header, including, root, names):
    """The layers the header named in `including` belongs to."""
    beside = os.path.normpath(os.path.join(os.path.dirname(including), header))
    if os.path.isfile(beside):
        owner = layer_of(beside, root, names)
        return {owner} if owner else set()
    return {name for name in names
            if os.path.isfile(os.path.join(root, name, header))}


def sources(root):
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                yield os.path.join(folder, name)


def in_tests(path, root):
    """Is path inside a layer's tests/ folder?"""
    parts = os.path.relpath(path, root).split(os.sep)
    return len(parts) > 2 and parts[1] == "tests"


def public_header(header_path, layer, root):
    return os.path.normpath(header_path) == os.path.normpath(
        os.path.join(root, layer, layer + ".h"))


def header_path(header, including, root, owner):
    beside = os.path.normpath(os.path.join(os.path.dirname(including), header))
    return beside if os.path.isfile(beside) else os.path.join(root, owner, header)


def verdict(path, header, found, layer, may_use, root, public, support):
    """None if the include is allowed, else why not."""
    usable = {layer} | may_use[layer]
    testing = in_tests(path, root)
    if testing:
        for name in support:
            usable |= {name} | may_use.get(name, set())
    for owner in sorted(found):
        if owner not in usable:
            continue
        where = header_path(header, path, root, owner)
        if owner == layer or owner in support:
            return None
        if testing and in_tests(where, root):
            return None  # a fixture of a layer below
        if not public or public_header(where, owner, root):
            return None
        return "a private header of %s; include %s.h" % (owner, owner)
    allowed = ("only " + ", ".join(sorted(may_use[layer]))
               if may_use[layer] else "no other layer")
    return "a header of %s; %s may use %s" % (" and ".join(sorted(found)),
                                             layer, allowed)


def check(root, layers, public=False, support=()):
    """(violation lines, files, includes checked)."""
    may_use = dict(layers)
    names = set(may_use)
    problems, files, includes = [], 0, 0
    for name in names:
        if not os.path.isdir(os.path.join(root, name)):
            problems.append("%s: layer %s has no folder" % (root, name))
    for name in support:
        if name not in names:
            problems.append("%s: test support %s is no layer" % (root, name))
    for path in sources(root):
        files += 1
        shown = os.path.relpath(path, root)
        layer = layer_of(path, root, names)
        if layer is None:
            problems.append("%s: in no layer (%s)" % (shown, ", ".join(n for n, _ in layers)))
            continue
        with open(path, errors="replace") as f:
            for number, line in enumerate(f, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                header = match.group(1)
                found = owners(header, path, root, names)
                if not found:
                    continue
                includes += 1
                why = verdict(path, header, found, layer, may_use, root,
                              public, support)
                if why:
                    problems.append('%s:%d: includes "%s", %s'
                                    % (shown, number, header, why))
    return problems, files, includes


def main(argv):
    args, public, support = argv[1:], False, []
    while args and args[0].startswith("--"):
        if args[0] == "--public":
            public, args = True, args[1:]
        elif args[0] == "--tests-use" and len(args) > 1:
            support.append(args[1])
            args = args[2:]
        else:
            break
    if len(args) != 2:
        sys.stderr.write("usage: check_layers.py [--public] [--tests-use NAME]... "
                         "ROOT LAYERS\n")
        return 2
    root, spec = args
    try:
        layers = read_layers(spec)
    except (OSError, ValueError) as e:
        sys.stderr.write("check_layers: %s\n" % e)
        return 1
    problems, files, includes = check(root, layers, public, support)
    for line in problems:
        print(line)
    print("check_layers: %d files, %d includes of %d layers' headers: %s"
          % (files, includes, len(layers),
             "%d violations" % len(problems) if problems else "no violations"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
