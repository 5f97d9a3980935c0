// The macOS `sandbox-exec` command line with a generated Seatbelt (SBPL) profile: a pure function.
// Paths reach the profile only as `-D` parameters, so no path is ever spliced into SBPL text.
import { isWithin } from "./writable-roots.js";

/** Absolute, so a PATH entry cannot stand in for the real sandbox-exec. */
export const SANDBOX_EXEC_PATH = "/usr/bin/sandbox-exec";

export interface SeatbeltInput {
  command: string[];
  writableRoots: readonly string[];
  readOnlySubpaths: readonly string[];
  networkAllowed: boolean;
}

export interface SeatbeltProfile {
  profile: string;
  /** Parameter name → path, passed as `-D<name>=<path>`. */
  params: Record<string, string>;
}

const BASE_PROFILE = `(version 1)
; Deny everything, then allow what read-only work needs.
(deny default)
(allow process-exec)
(allow process-fork)
(allow signal (target same-sandbox))
(allow process-info* (target same-sandbox))
(allow file-read*)
(allow sysctl-read)
(allow mach-lookup
  (global-name "com.apple.system.opendirectoryd.libinfo")
  (global-name "com.apple.system.logger")
  (global-name "com.apple.coreservices.launchservicesd"))
(allow ipc-posix-sem)
(allow pseudo-tty)
(allow file-read* file-write* file-ioctl (literal "/dev/ptmx") (regex #"^/dev/ttys[0-9]+$"))
(allow file-write-data (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper"))`;

const NETWORK_PROFILE = `; Network enabled by policy.
(allow network-outbound)
(allow network-inbound)
(allow system-socket)
(allow mach-lookup
  (global-name "com.apple.dnssd.service")
  (global-name "com.apple.SystemConfiguration.configd")
  (global-name "com.apple.trustd.agent"))`;

export function buildSeatbeltProfile(input: Omit<SeatbeltInput, "command">): SeatbeltProfile {
  const params: Record<string, string> = {};
  const writeRules: string[] = [];
  input.writableRoots.forEach((root, i) => {
    const rootParam = `WRITABLE_ROOT_${i}`;
    params[rootParam] = root;
    const exclusions = input.readOnlySubpaths
      .filter((subpath) => isWithin(subpath, root))
      .map((subpath, j) => {
        const name = `${rootParam}_RO_${j}`;
        params[name] = subpath;
        return `(require-not (subpath (param "${name}")))`;
      });
    // require-not keeps the rule order-independent: the protected subpath is never inside the allow.
    writeRules.push(
      exclusions.length === 0
        ? `  (subpath (param "${rootParam}"))`
        : `  (require-all (subpath (param "${rootParam}")) ${exclusions.join(" ")})`,
    );
  });
  const sections = [BASE_PROFILE];
  if (writeRules.length > 0) sections.push(`(allow file-write*\n${writeRules.join("\n")})`);
  if (input.networkAllowed) sections.push(NETWORK_PROFILE);
  return { profile: sections.join("\n") + "\n", params };
}

export function buildSeatbeltArgs(input: SeatbeltInput): string[] {
  if (input.command.length === 0) throw new Error("cannot sandbox an empty command");
  const { profile, params } = buildSeatbeltProfile(input);
  const defines = Object.entries(params).map(([name, value]) => `-D${name}=${value}`);
  return [SANDBOX_EXEC_PATH, "-p", profile, ...defines, "--", ...input.command];
}
