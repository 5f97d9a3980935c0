import { describe, expect, it } from "vitest";
import { asm, assemble, BPF_OP, decode, encode, evaluate, SECCOMP_DATA } from "./bpf.js";

describe("assemble", () => {
  it("resolves labels to forward offsets relative to the next instruction", () => {
    const program = assemble([
      asm.load(SECCOMP_DATA.nr),
      asm.jeq(7, "yes", "no"),
      asm.ret(0),
      asm.label("yes"),
      asm.ret(1),
      asm.label("no"),
      asm.ret(2),
    ]);
    expect(program).toEqual([
      { code: BPF_OP.LD_W_ABS, jt: 0, jf: 0, k: 0 },
      { code: BPF_OP.JMP_JEQ_K, jt: 1, jf: 2, k: 7 },
      { code: BPF_OP.RET_K, jt: 0, jf: 0, k: 0 },
      { code: BPF_OP.RET_K, jt: 0, jf: 0, k: 1 },
      { code: BPF_OP.RET_K, jt: 0, jf: 0, k: 2 },
    ]);
  });

  it("an omitted target falls through to the next instruction", () => {
    const [, jump] = assemble([
      asm.load(0),
      asm.jge(3, undefined, "end"),
      asm.ret(9),
      asm.label("end"),
      asm.ret(8),
    ]);
    expect(jump).toMatchObject({ code: BPF_OP.JMP_JGE_K, jt: 0, jf: 1 });
  });

  it.each([
    ["an unknown label", [asm.jeq(1, "nowhere"), asm.ret(0)], /not defined/],
    ["a backward jump", [asm.label("top"), asm.load(0), asm.jeq(1, "top"), asm.ret(0)], /out of range/],
    ["a label defined twice", [asm.label("a"), asm.label("a"), asm.ret(0)], /defined twice/],
    ["a program not ending in a return", [asm.load(0)], /must end in a return/],
    ["an empty program", [], /1\.\.4096 instructions/],
  ])("refuses %s", (_name, lines, message) => {
    expect(() => assemble(lines)).toThrow(message);
  });

  it("refuses a jump farther than 255 instructions", () => {
    const filler = Array.from({ length: 256 }, () => asm.load(0));
    expect(() => assemble([asm.jeq(1, "far"), ...filler, asm.label("far"), asm.ret(0)])).toThrow(
      /out of range \(256\)/,
    );
  });
});

describe("encode / decode", () => {
  const program = [{ code: BPF_OP.JMP_JEQ_K, jt: 1, jf: 2, k: 0xc000003e }];

  it("lays out struct sock_filter {u16 code; u8 jt; u8 jf; u32 k} in the given byte order", () => {
    expect([...encode(program, "LE")]).toEqual([0x15, 0x00, 1, 2, 0x3e, 0x00, 0x00, 0xc0]);
    expect([...encode(program, "BE")]).toEqual([0x00, 0x15, 1, 2, 0xc0, 0x00, 0x00, 0x3e]);
  });

  it("round-trips", () => {
    expect(decode(encode(program, "LE"), "LE")).toEqual(program);
    expect(decode(encode(program, "BE"), "BE")).toEqual(program);
    expect(() => decode(Buffer.alloc(7), "LE")).toThrow(/multiple of 8/);
  });
});

describe("evaluate", () => {
  it("loads words of seccomp_data, masks, compares unsigned and returns", () => {
    const program = assemble([
      asm.load(SECCOMP_DATA.argLow(1)),
      asm.and(0xf),
      asm.jge(0x8, "big"),
      asm.ret(1),
      asm.label("big"),
      asm.ret(0xffffffff),
    ]);
    expect(evaluate(program, { nr: 0, arch: 0, args: [0n, 0x80003n] })).toBe(1);
    expect(evaluate(program, { nr: 0, arch: 0, args: [0n, 0x1_0000_000fn] })).toBe(0xffffffff);
  });
});
