import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BPF_OP, decode, evaluate, SECCOMP_DATA, type SockFilter } from "./bpf.js";
import {
  AF_UNIX,
  DENIED_SYSCALLS,
  EPERM,
  networkFilterBytes,
  networkFilterProgram,
  PROCESS_DENIED_SYSCALLS,
  seccompFilterProgram,
  SECCOMP_RET_ALLOW,
  SECCOMP_RET_ERRNO,
  SECCOMP_RET_KILL_PROCESS,
  SOCK_SEQPACKET,
  SOCK_STREAM,
  SYSCALL_TABLES,
  X32_SYSCALL_BIT,
  type SyscallTable,
} from "./network-seccomp.js";

const DENY = SECCOMP_RET_ERRNO | EPERM;
const ALLOW = SECCOMP_RET_ALLOW;
const KILL = SECCOMP_RET_KILL_PROCESS;
const AF_INET = 2;
const AF_INET6 = 10;
const AF_NETLINK = 16;
const AF_VSOCK = 40;
const SOCK_DGRAM = 2;
const SOCK_RAW = 3;
const SOCK_NONBLOCK = 0o4000;
const SOCK_CLOEXEC = 0o2000000;
const AUDIT_ARCH_I386 = 0x40000003;
const AUDIT_ARCH_ARM = 0x40000028;

/** Other syscalls the filter must leave alone: read, write, sendto, sendmsg, sendmmsg, recvfrom, execve. */
const HARMLESS: Record<string, number[]> = {
  x64: [0, 1, 44, 46, 307, 45, 59],
  arm64: [63, 64, 206, 211, 269, 207, 221],
};

describe.each(Object.entries(SYSCALL_TABLES) as [string, SyscallTable][])(
  "network filter for %s",
  (arch, t) => {
    const program = networkFilterProgram(arch) as SockFilter[];
    const run = (nr: number, args: bigint[] = []) => evaluate(program, { arch: t.auditArch, nr, args });
    const socketArgs = (domain: number, type: number) => [BigInt(domain), BigInt(type), 0n];

    it("is short and starts by checking the architecture", () => {
      // 2 arch + 1 nr (+1 x32) + 4 process denials + 2 socket jumps + 8 denials + allow, then 6 socket
      // checks and 3 returns.
      expect(program).toHaveLength(t.hasX32 ? 28 : 27);
      expect(program[0]).toEqual({ code: BPF_OP.LD_W_ABS, jt: 0, jf: 0, k: SECCOMP_DATA.arch });
      expect(program[1]).toMatchObject({ code: BPF_OP.JMP_JEQ_K, jt: 0, k: t.auditArch });
      // A foreign arch jumps to the last instruction: kill.
      expect(2 + (program[1]?.jf ?? 0)).toBe(program.length - 1);
      expect(program.at(-1)).toEqual({ code: BPF_OP.RET_K, jt: 0, jf: 0, k: KILL });
      expect(program[2]).toEqual({ code: BPF_OP.LD_W_ABS, jt: 0, jf: 0, k: SECCOMP_DATA.nr });
    });

    it.each([...DENIED_SYSCALLS, ...PROCESS_DENIED_SYSCALLS])("%s → EPERM", (name) => {
      expect(run(t.denied[name])).toBe(DENY);
    });

    it("with the network on, only ptrace and friends are refused; foreign ABIs are still killed", () => {
      const open = seccompFilterProgram(arch, { networkOff: false }) as SockFilter[];
      const runOpen = (nr: number, a = t.auditArch) => evaluate(open, { arch: a, nr, args: [] });
      for (const name of PROCESS_DENIED_SYSCALLS) expect(runOpen(t.denied[name]), name).toBe(DENY);
      for (const name of DENIED_SYSCALLS) expect(runOpen(t.denied[name]), name).toBe(ALLOW);
      expect(runOpen(t.socket)).toBe(ALLOW);
      expect(runOpen(t.denied.ptrace, 0x40000003)).toBe(KILL);
      if (t.hasX32) expect(runOpen(X32_SYSCALL_BIT | t.denied.ptrace)).toBe(KILL);
    });

    it("ordinary syscalls, including send*/recv* on existing sockets, are allowed", () => {
      for (const nr of HARMLESS[arch] ?? []) expect(run(nr), `syscall ${nr}`).toBe(ALLOW);
      expect(HARMLESS[arch]).toBeDefined();
    });

    it.each([
      ["AF_UNIX stream", AF_UNIX, SOCK_STREAM, ALLOW],
      [
        "AF_UNIX stream, nonblocking and close-on-exec",
        AF_UNIX,
        SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
        ALLOW,
      ],
      ["AF_UNIX seqpacket", AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, ALLOW],
      ["AF_UNIX datagram (could be addressed to any path)", AF_UNIX, SOCK_DGRAM, DENY],
      ["AF_UNIX raw (the kernel makes it a datagram socket)", AF_UNIX, SOCK_RAW, DENY],
      ["AF_INET", AF_INET, SOCK_STREAM, DENY],
      ["AF_INET6", AF_INET6, SOCK_DGRAM, DENY],
      ["AF_NETLINK", AF_NETLINK, SOCK_RAW, DENY],
      ["AF_VSOCK (reaches the VM host)", AF_VSOCK, SOCK_STREAM, DENY],
    ])("socket and socketpair: %s", (_name, domain, type, expected) => {
      expect(run(t.socket, socketArgs(domain, type))).toBe(expected);
      expect(run(t.socketpair, socketArgs(domain, type))).toBe(expected);
    });

    it("compares only the low 32 bits of int arguments, as the kernel does", () => {
      expect(run(t.socket, [0xffff_ffff_0000_0001n, BigInt(SOCK_STREAM)])).toBe(ALLOW);
      expect(run(t.socket, [0x1_0000_0002n, BigInt(SOCK_STREAM)])).toBe(DENY);
    });

    it("kills a call made under another ABI, whose syscall numbers would bypass the rules", () => {
      const foreign = arch === "x64" ? AUDIT_ARCH_I386 : AUDIT_ARCH_ARM;
      expect(evaluate(program, { arch: foreign, nr: t.denied.connect })).toBe(KILL);
      expect(evaluate(program, { arch: foreign, nr: 0 })).toBe(KILL);
    });

    it("kills x32 calls on x86_64 (same arch value, syscall number with bit 30 set)", () => {
      const x32Checks = program.filter(
        (insn) => insn.code === BPF_OP.JMP_JGE_K && insn.k === X32_SYSCALL_BIT,
      );
      expect(x32Checks).toHaveLength(t.hasX32 ? 1 : 0);
      if (t.hasX32) expect(run(X32_SYSCALL_BIT | t.denied.connect)).toBe(KILL);
    });
  },
);

describe("networkFilterBytes", () => {
  it("encodes the program in native (little-endian) order, 8 bytes per instruction", () => {
    const bytes = networkFilterBytes("x64", "LE") as Buffer;
    expect(bytes).toHaveLength(28 * 8);
    expect(decode(bytes, "LE")).toEqual(networkFilterProgram("x64"));
    // ld [4] (arch), then jeq AUDIT_ARCH_X86_64.
    expect([...bytes.subarray(0, 16)]).toEqual([0x20, 0, 0, 0, 4, 0, 0, 0, 0x15, 0, 0, 25, 0x3e, 0, 0, 0xc0]);
  });

  it.each([
    ["ia32", "LE"],
    ["riscv64", "LE"],
    ["s390x", "BE"],
    ["arm64", "BE"],
  ] as const)("has no filter for %s (%s): the caller warns instead", (arch, endianness) => {
    expect(networkFilterBytes(arch, endianness)).toBeUndefined();
  });
});

// The numbers are typed in by hand; where the kernel headers are installed, hold them to the headers
// (reported as skipped, not passed, where they are not).
describe("syscall numbers match the kernel headers", () => {
  const headers = [
    ["x64", "/usr/include/x86_64-linux-gnu/asm/unistd_64.h", /#define __NR_(\w+) (\d+)/g],
    ["arm64", "/usr/include/asm-generic/unistd.h", /#define __NR(?:3264)?_(\w+) (\d+)/g],
  ] as const;
  for (const [arch, file, pattern] of headers) {
    it.skipIf(!existsSync(file))(`${arch}: ${file}`, () => {
      const numbers = new Map(
        [...readFileSync(file, "utf8").matchAll(pattern)].map((m) => [m[1], Number(m[2])]),
      );
      const table = SYSCALL_TABLES[arch] as SyscallTable;
      expect(numbers.get("socket")).toBe(table.socket);
      expect(numbers.get("socketpair")).toBe(table.socketpair);
      for (const name of [...DENIED_SYSCALLS, ...PROCESS_DENIED_SYSCALLS])
        expect(numbers.get(name), name).toBe(table.denied[name]);
    });
  }
});
