#!/usr/bin/env python3
"""Counts the SASS instructions one thread issues along a path through a kernel, for static
figures without a GPU (docs/libraries.md, "Fewer instructions per item").

  benches/gpu/sass-path.py LISTING KERNEL DECISIONS

LISTING is `cuobjdump -sass` output; KERNEL a substring of the kernel's mangled name (the
first function that holds it is walked). DECISIONS says, for each conditional branch or
predicated EXIT the walk meets, in order, whether it is taken: a string of T and F. The walk
starts at the kernel's first instruction, follows unconditional branches, takes no
`BRA.DIV` (the warp is converged) and stops at an EXIT it takes. Predicated instructions
count as issued, whatever their predicate; NOPs are left out. Where the decisions run out,
the branch and the instructions before it are printed, so the string can be written one
decision at a time, reading the listing to tell which way the path goes. With -v each
decision is printed with the instructions before it.

Prints the count and the count of each opcode.
"""
import re
import sys


def kernel_listing(path, kernel):
    text = open(path).read()
    for function in re.split(r"\n\s+Function : ", text)[1:]:
        if kernel not in function.split("\n")[0]:
            continue
        rows = []
        for line in function.splitlines():
            match = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
            if match:
                rows.append((int(match.group(1), 16), match.group(2)))
        return rows
    sys.exit(f"no kernel holding `{kernel}` in {path}")


def opcode(text):
    words = text.split()
    return words[1] if words[0].startswith("@") else words[0]


def main():
    verbose = "-v" in sys.argv
    args = [a for a in sys.argv[1:] if a != "-v"]
    if len(args) != 3:
        sys.exit(__doc__)
    rows = kernel_listing(args[0], args[1])
    decisions = list(args[2])
    position = {address: i for i, (address, _) in enumerate(rows)}

    def context(i):
        return "\n".join(f"  {rows[j][0]:04x} {rows[j][1]}" for j in range(max(0, i - 6), i + 1))

    def decide(i):
        if not decisions:
            sys.exit(f"the decisions ran out at {rows[i][0]:04x}:\n{context(i)}")
        taken = decisions.pop(0) == "T"
        if verbose:
            print(f"{'T' if taken else 'F'} at {rows[i][0]:04x}: {rows[i][1]}", file=sys.stderr)
        return taken

    i, issued, opcodes = 0, 0, {}
    while True:
        address, text = rows[i]
        name = opcode(text)
        if name == "NOP":
            i += 1
            continue
        issued += 1
        base = name.split(".")[0]
        opcodes[base] = opcodes.get(base, 0) + 1
        predicated = text.startswith("@")
        if base == "BRA":
            if name.startswith("BRA.DIV"):
                i += 1
                continue
            target = int(re.search(r"0x([0-9a-f]+)\s*$", text).group(1), 16)
            # `@!P0 BRA P1, 0x...` is conditional too.
            conditional = predicated or re.search(r"BRA\s+!?P\d,", text)
            i = position[target] if not conditional or decide(i) else i + 1
            continue
        if base == "EXIT":
            if not predicated or decide(i):
                break
        i += 1
    print(f"issued {issued}")
    print(" ".join(f"{k}:{v}" for k, v in sorted(opcodes.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
