#!/usr/bin/env python3
"""A throughput model of the bench loop's SASS on sm_90, oxhip's functions against libdevice's.

Instruction counts alone did not explain the bench (cbrtf and sinhf had as many or fewer
SASS instructions than libdevice's and ran slower), so this counts, for the fall-through
path of the loop (the instructions before the first EXIT, four evaluations of the
function), how many warp instructions each execution pipe takes, and the cycles each pipe
then needs per SM sub-partition (one warp scheduler, a quarter of the SM):

  issue   every instruction, one per cycle
  fma     FFMA, FADD, FMUL, HFMA2 and the IMAD family: 128 lanes per SM per clock for the
          float operations (the heavy and the lite half), IMAD on the heavy half only (64)
  alu     integer and compare/select: IADD3, LOP3, SHF, LEA, ISETP, FSETP, FSEL, FMNMX,
          MOV, I2FP, ...: 64 per SM per clock, two cycles a warp instruction
  fp64    DFMA, DADD, DMUL, DSETP: 64 per SM per clock on the H100/H200
  xu      MUFU (ex2, lg2, rcp, rsq, sin, cos, RCP64H) and the conversions F2F, F2I, I2F,
          FRND: 16 per SM per clock, eight cycles a warp instruction

The figures are the CUDA programming guide's throughput table for compute capability 9.0
as remembered, not measured here; which pipe I2FP, VIADD and F2F.F64.F32 use is a guess
(noted in the output where they occur). "bound" is the largest of the pipe cycles: a loop
whose warps always have an instruction ready runs at that rate. "chain" is the longest
register dependency path through the region with rough latencies (4 for the fma and alu
pipes, 8 for fp64, 18 for xu, 30 for loads), a hint of what the scheduler must hide with
other warps when occupancy is low; the unrolled loop has four chains side by side.

usage: sass_pipes.py DIR FUNCTION...   (DIR: OUTDIR of benches/gpu/sass-loop.sh, holding
       o_FUNCTION.cubin.sass and r_FUNCTION.cubin.sass)
"""
import re
import sys

FMA = ("FFMA", "FADD", "FMUL", "HFMA2", "HADD2", "HMUL2")
IMAD = ("IMAD",)
FP64 = ("DFMA", "DADD", "DMUL", "DSETP", "DMNMX")
XU = ("MUFU", "F2F", "F2I", "I2F.", "FRND")
UNIFORM = ("UMOV", "ULDC", "UIADD3", "ULOP3", "USHF", "S2UR", "UISETP", "USEL", "ULEA")
CONTROL = ("BRA", "BSSY", "BSYNC", "CALL", "RET", "EXIT", "NOP", "WARPSYNC", "BAR")
MEMORY = ("LDG", "STG", "LDC", "LDS", "STS", "LD.", "ST.", "LDL", "STL", "S2R")
GUESSED = ("I2FP", "VIADD", "F2F.F64", "F2F.F32")
LATENCY = {"fma": 4, "imad": 4, "alu": 4, "fp64": 8, "xu": 18, "mem": 30, "other": 4}


def pipe(opcode):
    if opcode.startswith(XU) and not opcode.startswith("I2FP"):
        return "xu"
    if opcode.startswith(FP64):
        return "fp64"
    if opcode.startswith(IMAD):
        return "imad"
    if opcode.startswith(FMA):
        return "fma"
    if opcode.startswith(UNIFORM):
        return "uniform"
    if opcode.startswith(CONTROL):
        return "control"
    if opcode.startswith(MEMORY):
        return "mem"
    return "alu"


def hot_path(path):
    """(opcode, destination registers, source registers) before the first EXIT."""
    out = []
    for line in open(path):
        m = re.match(r"\s*/\*[0-9a-f]{4}\*/\s+(.*?);", line)
        if not m:
            continue
        text = re.sub(r"^@!?U?P[T0-9]+\s+", "", m.group(1).strip())
        if text.startswith("EXIT"):
            break
        parts = text.split(None, 1)
        opcode, operands = parts[0], (parts[1] if len(parts) > 1 else "")
        regs = [r.split(",")[0] for r in operands.split(",")]
        regs = [re.findall(r"\b(U?R\d+|U?P\d)\b", r) for r in operands.split(",")]
        writes_first = not opcode.startswith(("ST", "BRA", "BSSY", "BSYNC", "CALL", "EXIT"))
        dests = regs[0] if (regs and writes_first) else []
        if opcode.startswith(("ISETP", "FSETP", "DSETP")) and len(regs) > 1:
            dests = regs[0] + regs[1]
        srcs = [r for group in (regs[1:] if writes_first else regs) for r in group]
        # a 64-bit operand names its low register; the high one is the next
        if opcode.startswith(FP64) or ".64" in opcode or ".F64" in opcode:
            srcs += [f"R{int(r[1:]) + 1}" for r in srcs if re.fullmatch(r"R\d+", r)]
        out.append((opcode, dests, srcs))
    return out


def model(path):
    instrs = hot_path(path)
    count = {}
    guessed = set()
    for opcode, _, _ in instrs:
        p = pipe(opcode)
        count[p] = count.get(p, 0) + 1
        if opcode.startswith(GUESSED):
            guessed.add(opcode.split(".")[0] if not opcode.startswith("F2F") else opcode)
    fp32, imad = count.get("fma", 0), count.get("imad", 0)
    cycles = {
        "issue": len(instrs),
        "fma": max(fp32 + imad, 2 * imad),
        "alu": 2 * count.get("alu", 0),
        "fp64": 2 * count.get("fp64", 0),
        "xu": 8 * count.get("xu", 0),
    }
    ready = {}
    chain = 0
    for opcode, dests, srcs in instrs:
        start = max([ready.get(r, 0) for r in srcs if r not in ("RZ", "PT")] + [0])
        done = start + LATENCY.get(pipe(opcode), 4)
        for d in dests:
            ready[d] = done
        chain = max(chain, done)
    return count, cycles, chain, guessed


def main():
    directory, functions = sys.argv[1], sys.argv[2:]
    head = f"{'function':<9} {'side':<9} {'instrs':>6} {'fma':>5} {'imad':>4} {'alu':>4} {'fp64':>4} {'xu':>3} | {'cycles: issue':>13} {'fma':>4} {'alu':>4} {'fp64':>4} {'xu':>4} {'bound':>9} {'chain':>5}"
    print(head)
    for f in functions:
        for side, prefix in (("oxhip", "o"), ("libdevice", "r")):
            count, cycles, chain, guessed = model(f"{directory}/{prefix}_{f}.cubin.sass")
            bound = max(cycles, key=cycles.get)
            print(f"{f:<9} {side:<9} {cycles['issue']:>6} {count.get('fma', 0):>5} {count.get('imad', 0):>4} "
                  f"{count.get('alu', 0):>4} {count.get('fp64', 0):>4} {count.get('xu', 0):>3} | "
                  f"{cycles['issue']:>13} {cycles['fma']:>4} {cycles['alu']:>4} {cycles['fp64']:>4} "
                  f"{cycles['xu']:>4} {cycles[bound]:>4} {bound:<4} {chain:>5}"
                  + (f"   (pipe guessed: {', '.join(sorted(guessed))})" if guessed else ""))


if __name__ == "__main__":
    main()
