// Opens a URL in the desktop's browser, if there is one; failing to is not an error (the URL is printed).
import { spawn } from "node:child_process";

export function openBrowser(url: string): void {
  const command =
    process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  try {
    const child = spawn(command, [url], { detached: true, stdio: "ignore" });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the user opens the printed URL.
  }
}
