#!/usr/bin/env python3
"""Which instructions of a linked binary are the program's own, read from
its DWARF line table alone (llvm-dwarfdump), with no help from ssprof.

    linetable.py BINARY SOURCE... [--addr 0x...]   (a summary, by hand)

An instruction address is
  "program"          if a line-table sequence of one of the program's own
                     compilation units covers it (start <= address < the
                     sequence's end_sequence row) and the row that applies
                     to it -- the one with the greatest address <= it in
                     that sequence, the last of several at one address --
                     names a file other than <ss-instrumentation>;
  "instrumentation"  if that row names <ss-instrumentation> (the file of
                     the rows sscc's pass gives the code it adds) with a
                     line other than 0;
  None               if no sequence of the program's units covers it: the C
                     runtime's start files, code without line tables (the
                     pass's helpers ss.thread_counters, ss.register_module
                     and ss.unregister_module have no debug info), and any
                     unit compiled from another file.
Code of other objects (libc, libssrt, ld.so) is not in the binary at all.

One more rule, the same as ssprof's (docs/ideal-time.md): a block of
straight-line code (between branch targets and after jumps, from
llvm-objdump's disassembly) whose instructions with a line are all
"instrumentation" and which holds an instrumentation call (an indirect
call's slow path, a thread's first call) is "instrumentation" as a whole:
the reloads and the jump back the code generator adds around that call
have line-0 rows but are there only for it.  And two kinds of code that
feed the instrumentation are "instrumentation" too, whatever their rows
say: a reload from a stack slot (movq N(%rsp) or N(%rbp) into a 64-bit
register) whose register is next named, before any jump, call or return,
by an "instrumentation" instruction that uses it as the base of a memory
operand reloads the pointer to the thread's counters the register
allocator spilled (the program never reads it), and one that such an
instruction names otherwise reloads a value the instrumentation computed
(a loop's trip count, spilled around the loop) when no "program"
instruction names the register before a move, lea or constant sets it
again; a constant put in a
register (movl/movq $N, xorl/xorq of a register with itself) that an
"instrumentation" instruction names next is the start value of a loop's
counter kept in a register.  The same holds across branches (ssprof's
flow rule, _values_only_instrumentation_reads): a "program" instruction
that sets a register without reading it, whose value an "instrumentation"
instruction reads and, on every path from it through its function, no
other instruction before the register is set again (calls read the
argument registers and clobber the caller-saved ones, returns read rax and
rdx, a jump out of the function is a tail call, a jump through a register
may go anywhere), is "instrumentation".  The other way round, applied
first (ssprof's release_what_the_program_reads,
_values_the_program_reads): an "instrumentation" instruction that writes
a general register that a "program" instruction reads as an operand (a
copy only when the register it copies into is read so in turn), on some
path from it before anything writes the register again, is "program"
(classify_detail says "program-line0", position() line 0): code the code
generator added for the program at one of the instrumentation's
instructions, which took its row.  And a conditional jump on a line-0 row right
after an "instrumentation" test or cmp in its straight-line block reads only
that compare's flags: the pass leaves its branches without a line (the
thread's counters not set up yet, an indirect call's target not the first
seen), so it is "instrumentation" too.

Line 0 is the compiler's "no source line" (spill reloads, jumps the code
generator adds, code whose location optimisation dropped).  LLVM writes such
a row with the file of the row before it, to save space, so after
instrumentation code a line-0 row names <ss-instrumentation> although the
instructions it covers are the program's (reloads, loop jumps, even the
program's arithmetic).  The pass's own rows always have a line (that of the
function).  So a line-0 row is the program's whatever file it names;
classify_detail() tells those apart ("program-line0") for a look.

The program's own units are those whose DW_AT_name (joined to
DW_AT_comp_dir when relative) is one of the SOURCE files it was compiled
from; each unit's line table is found by its DW_AT_stmt_list offset.  Works
for DWARF 4 (file indexes from 1) and DWARF 5 (from 0) line tables alike.
"""
import argparse
import bisect
import os
import re
import subprocess
import sys

INSTRUMENTATION_FILE = "<ss-instrumentation>"
DWARFDUMP = os.environ.get("LLVM_DWARFDUMP", "llvm-dwarfdump-14")

_ROW = re.compile(r"^0x([0-9a-fA-F]+)\s+(\d+)\s+\d+\s+(\d+)\s+\d+\s+\d+\s*(.*)$")
_TABLE = re.compile(r"^debug_line\[0x([0-9a-fA-F]+)\]")
_FILE = re.compile(r"^(?:file_names|include_directories)\[\s*(\d+)\]:?\s*(.*)$")
_ATTR = re.compile(r'^\s*DW_AT_(\w+)\s+\((.*)\)\s*$')


def _unquote(s):
    s = s.strip()
    return s[1:-1] if len(s) >= 2 and s[0] == '"' and s[-1] == '"' else s


def compile_units(binary):
    """[(name joined to comp_dir, stmt_list offset or None)] of every unit."""
    out = subprocess.run([DWARFDUMP, "--debug-info", "--recurse-depth=0", binary],
                         capture_output=True, text=True, check=True).stdout
    units, cur = [], None
    for line in out.splitlines():
        if "DW_TAG_compile_unit" in line or "DW_TAG_skeleton_unit" in line:
            cur = {}
            units.append(cur)
            continue
        m = _ATTR.match(line)
        if m and cur is not None:
            cur[m.group(1)] = m.group(2)
    result = []
    for u in units:
        name = _unquote(u.get("name", ""))
        comp_dir = _unquote(u.get("comp_dir", ""))
        if name and not os.path.isabs(name) and comp_dir:
            name = os.path.join(comp_dir, name)
        stmt = u.get("stmt_list")
        result.append((os.path.normpath(name) if name else "",
                       int(stmt, 16) if stmt else None))
    return result


def line_tables(binary, wanted_offsets):
    """{offset: [(start, end, [row addresses], [row kinds], [(file basename,
    line)])]} for the line tables at wanted_offsets: their sequences.  A row's kind is 0 (the
    program's), 1 (instrumentation) or 2 (line 0 with the instrumentation's
    file: the program's, see above)."""
    proc = subprocess.Popen([DWARFDUMP, "--debug-line", binary], stdout=subprocess.PIPE,
                            text=True, bufsize=1 << 20)
    tables = {}
    offset = None
    files = {}
    file_index = None
    seq_addrs, seq_instr, seq_pos = [], [], []
    for line in proc.stdout:
        if line.startswith("debug_line["):
            offset = int(_TABLE.match(line).group(1), 16)
            files, file_index = {}, None
            seq_addrs, seq_instr, seq_pos = [], [], []
            if offset in wanted_offsets:
                tables[offset] = []
            continue
        if offset not in tables:
            continue
        c = line[:1]
        if c == "0":
            m = _ROW.match(line)
            if not m:
                continue
            addr = int(m.group(1), 16)
            if "end_sequence" in m.group(4):
                if seq_addrs:
                    tables[offset].append((seq_addrs[0], addr, seq_addrs, seq_instr, seq_pos))
                seq_addrs, seq_instr, seq_pos = [], [], []
                continue
            seq_addrs.append(addr)
            line_no = int(m.group(2))
            seq_pos.append((os.path.basename(files.get(int(m.group(3)), "?")), line_no))
            # 0: the program's, 1: instrumentation, 2: a line-0 row that
            # carries the instrumentation's file (the program's).
            if files.get(int(m.group(3))) != INSTRUMENTATION_FILE:
                seq_instr.append(0)
            else:
                seq_instr.append(1 if line_no != 0 else 2)
            continue
        s = line.strip()
        if s.startswith("file_names["):
            m = _FILE.match(s)
            file_index = int(m.group(1))
            rest = m.group(2)
            if rest.startswith("name:"):  # some versions put it on the same line
                files[file_index] = _unquote(rest[5:])
        elif s.startswith("name:") and file_index is not None:
            files[file_index] = _unquote(s[5:])
        elif s.startswith("include_directories["):
            file_index = None
    if proc.wait() != 0:
        raise subprocess.CalledProcessError(proc.returncode, DWARFDUMP)
    return tables


class Classifier:
    """classify(addr) -> "program" | "instrumentation" | None (see above);
    classify_detail(addr) also says "program-line0" for the program's
    instructions under a line-0 row that names <ss-instrumentation>."""

    def __init__(self, binary, sources):
        want = {os.path.normpath(os.path.abspath(s)) for s in sources}
        units = compile_units(binary)
        self.units = [n for n, _ in units]
        offsets = {off for name, off in units if name in want and off is not None}
        self.own_units = sorted(name for name, off in units if name in want)
        missing = want - set(self.own_units)
        if missing:
            raise SystemExit(f"linetable: {binary} has no compile unit for "
                             f"{', '.join(sorted(missing))} (built without -g?)")
        seqs = []
        for table in line_tables(binary, offsets).values():
            seqs.extend(table)
        seqs.sort(key=lambda s: s[0])
        self.seqs = seqs
        self.starts = [s[0] for s in seqs]
        self.claimed = set()  # addresses the rules below make the instrumentation's
        self.released = set()  # and those they make the program's
        self.reloads = set()  # of them, the reloads of the counters' pointer,
        self.value_reloads = set()  # of values it computed (trip counts),
        self.constants = set()  # and the start values of counters in registers

    _KINDS = ("program", "instrumentation", "program-line0")

    def classify(self, addr):
        kind = self.classify_detail(addr)
        return "program" if kind == "program-line0" else kind

    def classify_detail(self, addr):
        if addr in self.claimed:
            return "instrumentation"
        row = self._row(addr)
        if row is None:
            return None
        kind = self._KINDS[row[0][3][row[1]]]
        return "program-line0" if kind == "instrumentation" and addr in self.released else kind

    def position(self, addr):
        """(file basename, line) of the row that applies to addr (line 0
        for an instruction released to the program), or None."""
        row = self._row(addr)
        if row is None:
            return None
        return (row[0][4][row[1]][0], 0) if addr in self.released else row[0][4][row[1]]

    def claim_instrumentation_code(self, binary):
        """Apply the rules for code that feeds the instrumentation, then
        the block rule, of the module docstring."""
        self.claimed = set()
        self.released = set()
        self.reloads = set()
        self.value_reloads = set()
        self.constants = set()
        self.released = self._values_the_program_reads(binary)
        blocks = straight_line_blocks(binary)
        self._claim_instrumentation_feeds(blocks)
        self.claimed |= self.reloads | self.value_reloads | self.constants
        self.claimed |= self._values_only_instrumentation_reads(binary)
        self.claimed |= self._instrumentation_branches(blocks)
        for block in blocks:
            kinds = [self.classify_detail(a) for a, _, _ in block]
            lined = [k == "program" and self.position(a)[1] != 0
                     for k, (a, _, _) in zip(kinds, block)]
            if None in kinds or any(lined):
                continue
            if any(k == "instrumentation" and m.startswith("call")
                   for k, (_, m, _) in zip(kinds, block)):
                self.claimed.update(a for a, _, _ in block)

    def _claim_instrumentation_feeds(self, blocks):
        insns = [insn for block in blocks for insn in block]
        for i, (addr, mnem, ops) in enumerate(insns):
            if self.classify(addr) != "program":
                continue
            reload = _STACK_RELOAD.match(ops) if mnem == "movq" else None
            constant = _constant_into(mnem, ops)
            # A reload feeds the instrumentation as a memory base, or as a
            # value nothing else reads before it is set again; a constant
            # in any operand.
            if reload and canonical_register(reload.group(1)) == reload.group(1):
                reg, found, is_reload = reload.group(1), self.reloads, True
            elif constant:
                reg, found, is_reload = constant, self.constants, False
            else:
                continue
            read_by_instrumentation = False
            for addr2, mnem2, ops2 in insns[i + 1:]:
                named = [(canonical_register(r), base == "(")
                         for base, r in _REGISTER.findall(ops2)]
                if any(r == reg for r, _ in named):
                    ours = self.classify_detail(addr2) == "instrumentation"
                    if not read_by_instrumentation:
                        if not ours:
                            break
                        if not is_reload or any(r == reg and base for r, base in named):
                            found.add(addr)
                            break
                        read_by_instrumentation = True
                    elif not ours:
                        if _overwrites(mnem2, ops2, reg):
                            self.value_reloads.add(addr)
                        break
                if _ends_straight_line(mnem2):
                    break

    def _values_only_instrumentation_reads(self, binary):
        """The flow rule (ssprof's only_instrumentation_reads): a program
        instruction that sets a register without reading it, whose value an
        "instrumentation" instruction reads and, on every path from it
        through its function, nothing else before the register is set
        again."""
        found = set()
        for insns in functions(binary):
            ours = [self.classify_detail(a) == "instrumentation" for a, _, _ in insns]
            read_by_ours = {canonical_register(r) for (_, _, ops), o in zip(insns, ours)
                            if o for _, r in _REGISTER.findall(ops)}
            index = {a: k for k, (a, _, _) in enumerate(insns)}
            for _ in range(MAX_ROUNDS):
                more = False
                for i, (addr, mnem, ops) in enumerate(insns):
                    if ours[i] or self.classify(addr) != "program":
                        continue
                    reg = _set_register(mnem, ops)
                    if reg in read_by_ours and _only_ours_read(insns, index, ours, i, reg):
                        ours[i] = more = True
                        found.add(addr)
                        read_by_ours |= {canonical_register(r) for _, r in _REGISTER.findall(ops)}
                if not more:
                    break
        return found

    def _values_the_program_reads(self, binary):
        """The mirror rule (ssprof's release_what_the_program_reads): an
        "instrumentation" instruction that writes a general register, whose
        value a "program" instruction uses (names it and is no copy, or is a
        copy into a register the program uses in turn), on some path from
        it through its function before the register is set again, is the
        program's: code the code generator added for the program at one of
        the instrumentation's instructions, which took its row, or a value
        computed once for both."""
        found = set()
        for insns in functions(binary):
            ours = [self.classify_detail(a) == "instrumentation" for a, _, _ in insns]
            index = {a: k for k, (a, _, _) in enumerate(insns)}
            reached = {_destination_register(m, o) for (_, m, o), our in zip(insns, ours) if our}
            used = [False] * len(insns)
            for _ in range(MAX_ROUNDS):
                more = False
                for i, (_, mnem, ops) in enumerate(insns):
                    copy = None if ours[i] or used[i] else _register_copy(mnem, ops)
                    if not copy or copy[0] not in reached:
                        continue
                    more |= copy[1] not in reached
                    reached.add(copy[1])  # copies of copies
                    if _program_reads(insns, index, ours, used, i, copy[1]):
                        used[i] = more = True
                if not more:
                    break
            for i, (addr, mnem, ops) in enumerate(insns):
                reg = _destination_register(mnem, ops) if ours[i] else None
                if reg and _program_reads(insns, index, ours, used, i, reg):
                    found.add(addr)
        return found

    def _instrumentation_branches(self, blocks):
        """Conditional jumps on a line-0 row right after an "instrumentation"
        test or cmp in the same straight-line block (the thread's counters
        not set up yet, an indirect call's target not the first seen)."""
        found = set()
        for block in blocks:
            for (prev, prev_mnem, _), (addr, mnem, _) in zip(block, block[1:]):
                if (mnem.startswith("j") and not mnem.startswith("jmp")
                        and _COMPARE.match(prev_mnem)
                        and self.classify_detail(prev) == "instrumentation"
                        and self.classify(addr) == "program"
                        and self.position(addr)[1] == 0):
                    found.add(addr)
        return found

    def _row(self, addr):
        i = bisect.bisect_right(self.starts, addr) - 1
        # Sequences do not overlap in a linked binary, but look back a few
        # in case one is empty or nested.
        for j in range(i, max(i - 4, -1), -1):
            seq = self.seqs[j]
            if seq[0] <= addr < seq[1]:
                return seq, bisect.bisect_right(seq[2], addr) - 1
        return None


_COMPARE = re.compile(r"^(test|cmp)[bwlq]?$")
_STACK_RELOAD = re.compile(r"^-?\d*\(%r[sb]p\), %(\w+)$")
_CONSTANT = re.compile(r"^\$-?\w+, %(\w+)$")
_SELF = re.compile(r"^%(\w+), %(\w+)$")
_REGISTER = re.compile(r"(\(?)%([a-z0-9]+)")


def _constant_into(mnem, ops):
    """The 64-bit name of the register a constant is put in (movl/movq $N,
    xorl/xorq of a register with itself), or None."""
    constant = _CONSTANT.match(ops) if mnem in ("movl", "movq") else None
    if constant:
        return canonical_register(constant.group(1))
    zero = _SELF.match(ops) if mnem in ("xorl", "xorq") else None
    if zero and zero.group(1) == zero.group(2):
        return canonical_register(zero.group(1))
    return None


def _overwrites(mnem, ops, reg):
    """Whether the instruction sets 64-bit register reg without reading it:
    a move or address computation into its 64- or 32-bit name whose sources
    do not name it, or a constant put in it (mov $N, xor r,r)."""
    constant = _constant_into(mnem, ops)
    if constant:
        return constant == reg
    if not mnem.startswith(("mov", "lea")):
        return False
    named = _REGISTER.findall(ops)
    if not named or not ops.endswith("%" + named[-1][1]) or named[-1][0] == "(":
        return False
    dest = named[-1][1]
    if canonical_register(dest) != reg or any(canonical_register(r) == reg for _, r in named[:-1]):
        return False
    return dest.startswith("e") or (dest.startswith("r") and dest[-1] not in "wb")


def _ends_straight_line(mnem):
    """Whether control may leave after this instruction (calls included)."""
    return mnem.startswith(("j", "call", "ret")) or mnem in ("ud2", "hlt", "int3")


def canonical_register(name):
    """The 64-bit name of a general-purpose register (eax, r9d -> rax, r9);
    other names as they are."""
    for regs in (("rax", "eax", "ax", "al", "ah"), ("rbx", "ebx", "bx", "bl", "bh"),
                 ("rcx", "ecx", "cx", "cl", "ch"), ("rdx", "edx", "dx", "dl", "dh"),
                 ("rsi", "esi", "si", "sil"), ("rdi", "edi", "di", "dil"),
                 ("rbp", "ebp", "bp", "bpl"), ("rsp", "esp", "sp", "spl")):
        if name in regs:
            return regs[0]
    m = re.match(r"^r(\d+)[dwb]?$", name)
    return f"r{m.group(1)}" if m and 8 <= int(m.group(1)) <= 15 else name


# The flow rule: how far it looks (instructions per value, rounds per
# function; the same limits as ssprof's).
MAX_WALK = 2000
MAX_ROUNDS = 4
_GENERAL = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "r8", "r9", "r10",
            "r11", "r12", "r13", "r14", "r15"}
_ARGUMENTS = {"rdi", "rsi", "rdx", "rcx", "r8", "r9", "rax"}  # rax: al, varargs
_CALL_CLOBBERED = {"rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11"}
_RESULTS = {"rax", "rdx"}
# Instructions that read general registers they do not name (or prefixes
# the disassembler prints as the mnemonic): taken to read every one.
_IMPLICIT = re.compile(r"^(div|idiv|mul[bwlq]?$|mulx|cltq|cqto|cltd|cwtl|cbtw|cwtd|"
                       r"rep|lock|syscall|sysenter|int$|leave|enter|cpuid|xgetbv|"
                       r"rdpmc|rdmsr|wrmsr|cmpxchg|loop|jrcxz|jecxz|xlat|in[bwl]?$|"
                       r"out|ins|outs|movs[bwlq]?$|stos|lods|scas|cmps|notrack)")


def _set_register(mnem, ops):
    """The general register (64-bit name, not rsp) the instruction sets
    without reading it (_overwrites), or None."""
    reg = _destination_register(mnem, ops)
    return reg if reg and _overwrites(mnem, ops, reg) else None


def _implicit(mnem, ops):
    """Whether the instruction uses general registers it does not name."""
    return bool(_IMPLICIT.match(mnem)) or (mnem.startswith("imul") and "," not in ops)


def _reads(mnem, ops, reg):
    """Whether the instruction may read reg: it names it (other than as
    the destination it sets), or reads registers it does not name."""
    if _implicit(mnem, ops):
        return True
    if _sets(mnem, ops, reg):
        return False
    return any(canonical_register(r) == reg for _, r in _REGISTER.findall(ops))


def _sets(mnem, ops, reg):
    return _overwrites(mnem, ops, reg) or (
        mnem.startswith("pop") and canonical_register(ops.lstrip("%")) == reg)


def _only_ours_read(insns, index, ours, i, reg):
    """Whether, on every path from insns[i] through its function, only
    "ours" instructions read reg before it is set again, and one does
    (index: address -> position in insns)."""
    start = insns[0][0]
    read, seen, stack = False, set(), [i + 1]
    while stack:
        k = stack.pop()
        if k in seen:
            continue
        seen.add(k)
        if k >= len(insns) or len(seen) > MAX_WALK:
            return False  # off the function's end, or too far to tell
        _, mnem, ops = insns[k]
        if _reads(mnem, ops, reg):
            if not ours[k]:
                return False
            read = True
        if _sets(mnem, ops, reg):
            continue
        if mnem.startswith("call"):
            if not ours[k] and reg in _ARGUMENTS:
                return False
            if not ours[k] and reg in _CALL_CLOBBERED:
                continue
            stack.append(k + 1)
        elif mnem.startswith("ret"):
            if reg in _RESULTS:
                return False
        elif mnem.startswith("j"):
            target = re.match(r"^0x([0-9a-f]+)", ops)
            if not target:
                return False  # through a register or memory: anywhere
            t = int(target.group(1), 16)
            inside = t in index and t != start
            if inside:
                stack.append(index[t])
            elif reg in _ARGUMENTS:
                return False  # a tail call
            if not mnem.startswith("jmp"):
                stack.append(k + 1)
        elif mnem not in ("ud2", "hlt", "int3"):
            stack.append(k + 1)
    return read


_NO_DESTINATION = ("cmp", "test", "bt", "push", "call", "j", "ret", "nop",
                   "ucomis", "comis")
_COPIES = {"mov", "movq", "movl", "movw", "movb", "movabsq", "push", "pushq"}


def _destination_register(mnem, ops):
    """The general register (64-bit name, not rsp) the instruction writes
    as its last operand, read or not, or None."""
    if mnem.startswith(_NO_DESTINATION):
        return None
    named = _REGISTER.findall(ops)
    if not named or named[-1][0] == "(" or not ops.endswith("%" + named[-1][1]):
        return None
    reg = canonical_register(named[-1][1])
    return reg if reg in _GENERAL else None


_READS_DESTINATION = ("add", "sub", "adc", "sbb", "and", "or", "xor", "inc", "dec",
                      "neg", "not", "shl", "shr", "sar", "sal", "rol", "ror", "rcl",
                      "rcr", "cmov", "xadd", "xchg", "bts", "btr", "btc", "bswap", "crc32")


def _uses(mnem, ops, reg):
    """Whether the instruction reads reg as an operand: names it as a
    source, or as a destination it also reads (addl $1, %edx; not
    cvttsd2si %xmm0, %rax).  Destinations count only for the arithmetic
    known to read them: unsure is no."""
    named = sum(canonical_register(r) == reg for _, r in _REGISTER.findall(ops))
    if not named or _destination_register(mnem, ops) != reg:
        return named > 0
    # not shlxq, rorxl, andnq (BMI: three operands)
    rmw = (mnem.startswith("imul") and ops.count(",") == 1) or any(
        mnem.startswith(r) and mnem[len(r):len(r) + 1] != "x" and not mnem.startswith("andn")
        for r in _READS_DESTINATION)
    return named - (0 if rmw else 1) > 0


def _pads(mnem, ops):
    """Padding: nopw %cs:(%rax,%rax) names a register it does not read,
    xchg %ax, %ax one it leaves as it was."""
    if mnem.startswith("nop"):
        return True
    parts = ops.split(", ")
    return mnem.startswith("xchg") and len(parts) == 2 and parts[0] == parts[1]


def _register_copy(mnem, ops):
    """(source, destination) of a move from one general register into
    another (64-bit names), or None."""
    named = _REGISTER.findall(ops)
    if mnem not in _COPIES or mnem.startswith("push") or not ops.startswith("%") \
            or "(" in ops or len(named) != 2:
        return None
    src, dst = canonical_register(named[0][1]), _destination_register(mnem, ops)
    return (src, dst) if src in _GENERAL and dst else None


def _program_reads(insns, index, ours, used, i, reg):
    """Whether, on some path from insns[i] through its function, a not
    "ours" instruction that is no copy, or a copy in used, reads reg as an
    operand (_uses), before anything writes it again.  Unsure is no:
    calls and returns read only what they name; a path ends at any write
    of reg (of part of it too), an instruction that uses registers it does
    not name (it may set reg), a call that clobbers reg, a return, a jump
    through a register or out of the function; past MAX_WALK instructions,
    no."""
    start = insns[0][0]
    seen, stack = set(), [i + 1]
    while stack:
        k = stack.pop()
        if k >= len(insns) or k in seen:
            continue
        seen.add(k)
        if len(seen) > MAX_WALK:
            return False
        _, mnem, ops = insns[k]
        if (not ours[k] and (mnem not in _COPIES or used[k]) and not _pads(mnem, ops)
                and _uses(mnem, ops, reg) and not _sets(mnem, ops, reg)):
            return True
        if _implicit(mnem, ops) or _destination_register(mnem, ops) == reg:
            continue  # any write ends the value: of part of reg, or implicit
        if mnem.startswith("call"):
            if ours[k] or reg not in _CALL_CLOBBERED:
                stack.append(k + 1)
        elif mnem.startswith("j"):
            target = re.match(r"^0x([0-9a-f]+)", ops)
            t = int(target.group(1), 16) if target else None
            if t in index and t != start:
                stack.append(index[t])
            if not mnem.startswith("jmp"):
                stack.append(k + 1)
        elif not mnem.startswith("ret") and mnem not in ("ud2", "hlt", "int3"):
            stack.append(k + 1)
    return False


def _operands(text):
    """The operands as ssprof's disassembler prints them: without the
    comment llvm-objdump adds ("# imm = 0x...", "# 0x4240 <sym>")."""
    return text.split("#", 1)[0].strip()


def named_functions(binary):
    """Each function symbol of the binary with its instructions, from
    llvm-objdump: (name, [(address, mnemonic, operands)])."""
    out = subprocess.run(["llvm-objdump-14", "-d", "--no-show-raw-insn", binary],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    result, cur = [], None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            cur = []
            result.append((m.group(1), cur))
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2), _operands(m.group(3))))
    return result


def functions(binary):
    """The instructions of each function symbol of the binary: lists of
    (address, mnemonic, operands)."""
    return [insns for _, insns in named_functions(binary) if insns]


def straight_line_blocks(binary):
    """The binary's code cut into straight-line blocks, from llvm-objdump:
    lists of (address, mnemonic, operands), cut at function starts, branch
    targets and after jumps, returns and traps."""
    out = subprocess.run(["llvm-objdump-14", "-d", "--no-show-raw-insn", binary],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    insns, leaders, cut_after = [], set(), set()
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <.*>:$", line)
        if m:
            leaders.add(int(m.group(1), 16))
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if not m:
            continue
        addr, mnem, ops = int(m.group(1), 16), m.group(2), _operands(m.group(3))
        insns.append((addr, mnem, ops))
        if mnem.startswith("j") or mnem.startswith("ret") or mnem in ("ud2", "hlt"):
            cut_after.add(addr)
            t = re.match(r"^0x([0-9a-f]+)", ops)
            if mnem.startswith("j") and t:
                leaders.add(int(t.group(1), 16))
    blocks, cur = [], []
    for i, (addr, mnem, ops) in enumerate(insns):
        if cur and (addr in leaders or insns[i - 1][0] in cut_after):
            blocks.append(cur)
            cur = []
        cur.append((addr, mnem, ops))
    if cur:
        blocks.append(cur)
    return blocks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--addr", action="append", default=[])
    opt = ap.parse_args()
    c = Classifier(opt.binary, opt.sources)
    print(f"units: {len(c.units)}, own: {c.own_units}, sequences: {len(c.seqs)}")
    for s in c.seqs[:20]:
        print(f"  sequence {s[0]:#x}-{s[1]:#x}: {len(s[2])} rows, "
              f"{s[3].count(1)} of them {INSTRUMENTATION_FILE}, {s[3].count(2)} line 0 with that file")
    for a in opt.addr:
        print(a, c.classify_detail(int(a, 0)))


if __name__ == "__main__":
    sys.exit(main())
