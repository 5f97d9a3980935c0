// Samples for schema-conformance.test.ts: fs/* and command/exec*. Test data only.
export const localMethodSamples = {
  "fs/readFile": { params: [{ path: "/w/a.txt" }], results: [{ dataBase64: "aGk=" }] },
  "fs/writeFile": { params: [{ path: "/w/a.txt", dataBase64: "aGk=" }], results: [{}] },
  "fs/createDirectory": { params: [{ path: "/w/d" }, { path: "/w/d", recursive: false }], results: [{}] },
  "fs/getMetadata": {
    params: [{ path: "/w" }],
    results: [{ isDirectory: true, isFile: false, isSymlink: false, createdAtMs: 1, modifiedAtMs: 2 }],
  },
  "fs/readDirectory": {
    params: [{ path: "/w" }],
    results: [{ entries: [{ fileName: "a.txt", isDirectory: false, isFile: true }] }],
  },
  "fs/remove": { params: [{ path: "/w/a" }, { path: "/w/a", recursive: true, force: false }], results: [{}] },
  "fs/copy": {
    params: [
      { sourcePath: "/w/a", destinationPath: "/w/b" },
      { sourcePath: "/w/a", destinationPath: "/w/b", recursive: true },
    ],
    results: [{}],
  },
  "fs/watch": { params: [{ path: "/w", watchId: "w1" }], results: [{ path: "/w" }] },
  "fs/unwatch": { params: [{ watchId: "w1" }], results: [{}] },
  "command/exec": {
    params: [
      { command: ["ls"] },
      {
        command: ["bash"],
        cwd: "/w",
        env: { A: "1", B: null },
        processId: "p1",
        sandboxPolicy: { type: "workspaceWrite", writableRoots: ["/w"], networkAccess: false },
        size: { cols: 80, rows: 24 },
        tty: true,
        timeoutMs: 1000,
        outputBytesCap: 10,
      },
    ],
    results: [{ exitCode: 0, stdout: "a\n", stderr: "" }],
  },
  "command/exec/write": {
    params: [
      { processId: "p1", deltaBase64: "aGk=" },
      { processId: "p1", closeStdin: true },
    ],
    results: [{}],
  },
  "command/exec/terminate": { params: [{ processId: "p1" }], results: [{}] },
  "command/exec/resize": { params: [{ processId: "p1", size: { cols: 100, rows: 30 } }], results: [{}] },
};
