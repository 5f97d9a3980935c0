// The seccomp filters bwrap installs. Every sandboxed command gets the process rules (no ptrace,
// process_vm_readv/writev or pidfd_getfd: with them a command could attach to its own bwrap parent, which
// runs outside the sandbox's mounts, or read the memory of another sandboxed command). When the network is
// off the network rules below come on top.
//
// The network rules: `--unshare-net` already isolates IP,
// abstract Unix sockets and netlink (all per network namespace), but not Unix sockets bound to a path:
// a command could still connect to /var/run/docker.sock, an X server or an ssh-agent it can see.
//
// The rule: a sandboxed process may make Unix socket *pairs* (pipes between its own processes) but may
// not reach anything else. So `connect`, `bind`, `listen`, `accept`, `accept4` fail with EPERM; `socket`
// and `socketpair` only succeed for AF_UNIX stream or seqpacket sockets; and io_uring, which can open,
// connect and bind sockets without those system calls, is refused too.
//
// send/sendto/sendmsg/sendmmsg stay allowed: `send()` is `sendto(fd, ..., NULL, 0)` in libc, and sendmsg
// carries fd passing (SCM_RIGHTS) between processes of the same program. The only way they reach another
// process without `connect` is a datagram addressed to a path (e.g. /dev/log), and the sender then needs
// an AF_UNIX datagram socket, which this filter never lets a process create. (seccomp cannot look inside
// sendmsg's msghdr, so refusing the socket type is the rule that can be enforced.)
import {
  asm,
  assemble,
  encode,
  SECCOMP_DATA,
  type AsmLine,
  type Endianness,
  type SockFilter,
} from "./bpf.js";

export const SECCOMP_RET_KILL_PROCESS = 0x80000000;
export const SECCOMP_RET_ERRNO = 0x00050000;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
export const EPERM = 1;
export const AF_UNIX = 1;
export const SOCK_STREAM = 1;
export const SOCK_SEQPACKET = 5;
/** `type` also carries SOCK_NONBLOCK | SOCK_CLOEXEC; the kernel masks them off with this. */
export const SOCK_TYPE_MASK = 0xf;
/** x32 system calls run under AUDIT_ARCH_X86_64 with this bit set in the number. */
export const X32_SYSCALL_BIT = 0x40000000;

export interface SyscallTable {
  /** AUDIT_ARCH_* (linux/audit.h) that `seccomp_data.arch` carries for native calls. */
  auditArch: number;
  /** Whether the same arch value also carries x32 calls (with X32_SYSCALL_BIT), which we must refuse. */
  hasX32: boolean;
  socket: number;
  socketpair: number;
  denied: Readonly<Record<DeniedSyscall, number>>;
}

/** Refused for every sandboxed command, whatever the network policy. */
export const PROCESS_DENIED_SYSCALLS = [
  "ptrace",
  "process_vm_readv",
  "process_vm_writev",
  "pidfd_getfd",
] as const;

/** Refused when the network is off. */
export const DENIED_SYSCALLS = [
  "connect",
  "bind",
  "listen",
  "accept",
  "accept4",
  "io_uring_setup",
  "io_uring_enter",
  "io_uring_register",
] as const;
export type DeniedSyscall = (typeof DENIED_SYSCALLS)[number] | (typeof PROCESS_DENIED_SYSCALLS)[number];

/** Keyed by `process.arch`. Numbers from asm/unistd_64.h (x86_64) and asm-generic/unistd.h (aarch64). */
export const SYSCALL_TABLES: Readonly<Partial<Record<string, SyscallTable>>> = {
  x64: {
    auditArch: 0xc000003e,
    hasX32: true,
    socket: 41,
    socketpair: 53,
    denied: {
      connect: 42,
      bind: 49,
      listen: 50,
      accept: 43,
      accept4: 288,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      ptrace: 101,
      process_vm_readv: 310,
      process_vm_writev: 311,
      pidfd_getfd: 438,
    },
  },
  arm64: {
    auditArch: 0xc00000b7,
    hasX32: false,
    socket: 198,
    socketpair: 199,
    denied: {
      connect: 203,
      bind: 200,
      listen: 201,
      accept: 202,
      accept4: 242,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      ptrace: 117,
      process_vm_readv: 270,
      process_vm_writev: 271,
      pidfd_getfd: 438,
    },
  },
};

/**
 * The filter as assembly. A call under another ABI (i386 `int 0x80` on x86_64, arm32 compat on aarch64,
 * x32) kills the process: its syscall numbers differ (i386 reaches connect through socketcall), so letting
 * it through would bypass every rule below, and a wrong errno there would only confuse.
 */
export function networkFilterAsm(table: SyscallTable): AsmLine[] {
  return seccompFilterAsm(table, { networkOff: true });
}

/** The filter as assembly: the process rules always, the network rules when `networkOff`. */
export function seccompFilterAsm(table: SyscallTable, options: { networkOff: boolean }): AsmLine[] {
  const lines: AsmLine[] = [
    asm.load(SECCOMP_DATA.arch),
    asm.jeq(table.auditArch, undefined, "kill"),
    asm.load(SECCOMP_DATA.nr),
  ];
  if (table.hasX32) lines.push(asm.jge(X32_SYSCALL_BIT, "kill"));
  for (const name of PROCESS_DENIED_SYSCALLS) lines.push(asm.jeq(table.denied[name], "deny"));
  if (!options.networkOff) {
    lines.push(
      asm.ret(SECCOMP_RET_ALLOW),
      asm.label("deny"),
      asm.ret(SECCOMP_RET_ERRNO | EPERM),
      asm.label("kill"),
      asm.ret(SECCOMP_RET_KILL_PROCESS),
    );
    return lines;
  }
  lines.push(asm.jeq(table.socket, "check_socket"), asm.jeq(table.socketpair, "check_socket"));
  for (const name of DENIED_SYSCALLS) lines.push(asm.jeq(table.denied[name], "deny"));
  lines.push(
    asm.ret(SECCOMP_RET_ALLOW),
    // socket(domain, type, protocol) and socketpair(domain, type, protocol, sv): both are ints, so only
    // the low 32 bits of each argument count (as in the kernel).
    asm.label("check_socket"),
    asm.load(SECCOMP_DATA.argLow(0)),
    asm.jeq(AF_UNIX, undefined, "deny"),
    asm.load(SECCOMP_DATA.argLow(1)),
    asm.and(SOCK_TYPE_MASK),
    asm.jeq(SOCK_STREAM, "allow"),
    asm.jeq(SOCK_SEQPACKET, "allow"),
    // Datagram (and SOCK_RAW, which AF_UNIX turns into datagram) could be addressed to any path.
    asm.label("deny"),
    asm.ret(SECCOMP_RET_ERRNO | EPERM),
    asm.label("allow"),
    asm.ret(SECCOMP_RET_ALLOW),
    asm.label("kill"),
    asm.ret(SECCOMP_RET_KILL_PROCESS),
  );
  return lines;
}

export function networkFilterProgram(arch: string): SockFilter[] | undefined {
  return seccompFilterProgram(arch, { networkOff: true });
}

export function seccompFilterProgram(
  arch: string,
  options: { networkOff: boolean },
): SockFilter[] | undefined {
  const table = SYSCALL_TABLES[arch];
  return table && assemble(seccompFilterAsm(table, options));
}

/** The network-off filter's bytes (see seccompFilterBytes). */
export function networkFilterBytes(arch: string, endianness: Endianness): Buffer | undefined {
  return seccompFilterBytes(arch, endianness, { networkOff: true });
}

/** The bytes bwrap reads from `--seccomp FD`, or undefined when we have no syscall table for `arch`. */
export function seccompFilterBytes(
  arch: string,
  endianness: Endianness,
  options: { networkOff: boolean },
): Buffer | undefined {
  const program = seccompFilterProgram(arch, options);
  // Our tables are for little-endian ABIs only (the AUDIT_ARCH values above carry the LE flag).
  if (!program || endianness !== "LE") return undefined;
  return encode(program, endianness);
}
