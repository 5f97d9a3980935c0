// A tiny assembler for classic BPF as seccomp runs it: a list of `struct sock_filter`
// {u16 code; u8 jt; u8 jf; u32 k}, 8 bytes each in native byte order. Pure, so the bytes are unit-tested;
// we write the program ourselves instead of taking a native dependency (libseccomp) for ~25 instructions.

/** Opcodes we use (linux/bpf_common.h): class | size | mode, or class | op | source. */
export const BPF_OP = {
  /** A = 32-bit word at offset k of `struct seccomp_data`. */
  LD_W_ABS: 0x00 | 0x00 | 0x20,
  /** A &= k */
  ALU_AND_K: 0x04 | 0x50 | 0x00,
  /** if (A == k) jump jt else jump jf */
  JMP_JEQ_K: 0x05 | 0x10 | 0x00,
  /** if (A >= k) jump jt else jump jf (unsigned) */
  JMP_JGE_K: 0x05 | 0x30 | 0x00,
  /** return k (a SECCOMP_RET_* action) */
  RET_K: 0x06 | 0x00,
} as const;

export const INSTRUCTION_BYTES = 8;
/** The kernel refuses longer programs (BPF_MAXINSNS). */
export const MAX_INSTRUCTIONS = 4096;

export interface SockFilter {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** A jump target: a label defined later in the program (classic BPF only jumps forward). */
type Target = string | undefined;

export type AsmLine =
  { kind: "label"; name: string } | { kind: "insn"; code: number; k: number; jt?: Target; jf?: Target };

export const asm = {
  label: (name: string): AsmLine => ({ kind: "label", name }),
  load: (offset: number): AsmLine => ({ kind: "insn", code: BPF_OP.LD_W_ABS, k: offset }),
  and: (k: number): AsmLine => ({ kind: "insn", code: BPF_OP.ALU_AND_K, k }),
  /** Jump to `then` when A == k, otherwise to `otherwise`; an omitted target is the next instruction. */
  jeq: (k: number, then: Target, otherwise?: Target): AsmLine => ({
    kind: "insn",
    code: BPF_OP.JMP_JEQ_K,
    k,
    jt: then,
    jf: otherwise,
  }),
  jge: (k: number, then: Target, otherwise?: Target): AsmLine => ({
    kind: "insn",
    code: BPF_OP.JMP_JGE_K,
    k,
    jt: then,
    jf: otherwise,
  }),
  ret: (k: number): AsmLine => ({ kind: "insn", code: BPF_OP.RET_K, k }),
};

/** Resolves labels into the relative jump offsets (0..255) that classic BPF encodes. */
export function assemble(lines: readonly AsmLine[]): SockFilter[] {
  const labels = new Map<string, number>();
  let index = 0;
  for (const line of lines) {
    if (line.kind === "insn") {
      index++;
      continue;
    }
    if (labels.has(line.name)) throw new Error(`BPF label "${line.name}" is defined twice`);
    labels.set(line.name, index);
  }
  const program: SockFilter[] = [];
  for (const line of lines) {
    if (line.kind === "label") continue;
    const here = program.length;
    const offset = (target: Target): number => {
      if (target === undefined) return 0;
      const to = labels.get(target);
      if (to === undefined) throw new Error(`BPF label "${target}" is not defined`);
      const delta = to - (here + 1);
      if (delta < 0 || delta > 255) throw new Error(`BPF jump to "${target}" out of range (${delta})`);
      return delta;
    };
    const isJump = line.code === BPF_OP.JMP_JEQ_K || line.code === BPF_OP.JMP_JGE_K;
    program.push({
      code: line.code,
      jt: isJump ? offset(line.jt) : 0,
      jf: isJump ? offset(line.jf) : 0,
      k: line.k,
    });
  }
  if (program.length === 0 || program.length > MAX_INSTRUCTIONS) {
    throw new Error(`a BPF program needs 1..${MAX_INSTRUCTIONS} instructions, got ${program.length}`);
  }
  if (program[program.length - 1]?.code !== BPF_OP.RET_K)
    throw new Error("a BPF program must end in a return");
  return program;
}

export type Endianness = "LE" | "BE";

export function encode(program: readonly SockFilter[], endianness: Endianness): Buffer {
  const bytes = Buffer.alloc(program.length * INSTRUCTION_BYTES);
  program.forEach(({ code, jt, jf, k }, i) => {
    const at = i * INSTRUCTION_BYTES;
    if (endianness === "LE") bytes.writeUInt16LE(code, at);
    else bytes.writeUInt16BE(code, at);
    bytes.writeUInt8(jt, at + 2);
    bytes.writeUInt8(jf, at + 3);
    if (endianness === "LE") bytes.writeUInt32LE(k >>> 0, at + 4);
    else bytes.writeUInt32BE(k >>> 0, at + 4);
  });
  return bytes;
}

export function decode(bytes: Buffer, endianness: Endianness): SockFilter[] {
  if (bytes.length % INSTRUCTION_BYTES !== 0) throw new Error("BPF bytes must be a multiple of 8");
  const program: SockFilter[] = [];
  for (let at = 0; at < bytes.length; at += INSTRUCTION_BYTES) {
    program.push({
      code: endianness === "LE" ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at),
      jt: bytes.readUInt8(at + 2),
      jf: bytes.readUInt8(at + 3),
      k: endianness === "LE" ? bytes.readUInt32LE(at + 4) : bytes.readUInt32BE(at + 4),
    });
  }
  return program;
}

/** `struct seccomp_data` as a filter sees it; args are 64-bit. */
export interface SeccompData {
  nr: number;
  arch: number;
  args?: readonly bigint[];
}

/** Offsets into `struct seccomp_data` {int nr; u32 arch; u64 instruction_pointer; u64 args[6]}. */
export const SECCOMP_DATA = {
  nr: 0,
  arch: 4,
  /** The low 32 bits of argument i on a little-endian machine (where all our targets are). */
  argLow: (i: number) => 16 + 8 * i,
} as const;

/**
 * Runs a program the way the kernel would, on a little-endian `seccomp_data`. Only the instructions
 * `asm` emits are understood. Used by the tests to check behaviour, not just bytes.
 */
export function evaluate(program: readonly SockFilter[], data: SeccompData): number {
  const raw = Buffer.alloc(64);
  raw.writeInt32LE(data.nr, SECCOMP_DATA.nr);
  raw.writeUInt32LE(data.arch >>> 0, SECCOMP_DATA.arch);
  (data.args ?? []).forEach((arg, i) => raw.writeBigUInt64LE(BigInt.asUintN(64, arg), 16 + 8 * i));
  let a = 0;
  for (let pc = 0; pc < program.length; pc++) {
    const insn = program[pc] as SockFilter;
    switch (insn.code) {
      case BPF_OP.LD_W_ABS:
        a = raw.readUInt32LE(insn.k);
        break;
      case BPF_OP.ALU_AND_K:
        a = (a & insn.k) >>> 0;
        break;
      case BPF_OP.JMP_JEQ_K:
        pc += a === insn.k >>> 0 ? insn.jt : insn.jf;
        break;
      case BPF_OP.JMP_JGE_K:
        pc += a >= insn.k >>> 0 ? insn.jt : insn.jf;
        break;
      case BPF_OP.RET_K:
        return insn.k >>> 0;
      default:
        throw new Error(`evaluate: unsupported BPF opcode 0x${insn.code.toString(16)}`);
    }
  }
  throw new Error("evaluate: the program ran off its end");
}
