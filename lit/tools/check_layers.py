#!/usr/bin/env python3
"""check_layers.py ROOT LAYERS -- every #include "..." of a layered tree
names a header of the including file's own layer or of a layer it may use.

ROOT is a folder whose subfolders are the layers (rt/, say); a file belongs
to the layer of the first folder below ROOT that holds it, tests/ included.
LAYERS is the order, lowest layer first, one line per layer:

    name: the layers it may use

('#' starts a comment).  A layer may use only layers listed before it, and
what they may use in turn.  A header is the layer's whose folder holds it:
the path in quotes is looked up next to the including file first, as the
compiler does, then under every layer's folder; a header in none (a shared
one, a system one) is no layer's and is not checked.

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


def check(root, layers):
    """(violation lines, files, includes checked)."""
    may_use = dict(layers)
    names = set(may_use)
    problems, files, includes = [], 0, 0
    for name in names:
        if not os.path.isdir(os.path.join(root, name)):
            problems.append("%s: layer %s has no folder" % (root, name))
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
                if found & ({layer} | may_use[layer]):
                    continue
                allowed = ("only " + ", ".join(sorted(may_use[layer]))
                           if may_use[layer] else "no other layer")
                problems.append('%s:%d: includes "%s", a header of %s; %s may use %s'
                                % (shown, number, header, " and ".join(sorted(found)),
                                   layer, allowed))
    return problems, files, includes


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: check_layers.py ROOT LAYERS\n")
        return 2
    root, spec = argv[1], argv[2]
    try:
        layers = read_layers(spec)
    except (OSError, ValueError) as e:
        sys.stderr.write("check_layers: %s\n" % e)
        return 1
    problems, files, includes = check(root, layers)
    for line in problems:
        print(line)
    print("check_layers: %d files, %d includes of %d layers' headers: %s"
          % (files, includes, len(layers),
             "%d violations" % len(problems) if problems else "no violations"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
