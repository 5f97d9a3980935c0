// The built page (dist/web: index.html and assets/), read once at start-up and served from memory.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".map": "application/json",
};

export interface StaticFile {
  body: Buffer;
  type: string;
}

export class PageNotBuiltError extends Error {}

/** Every file under `dir`, keyed by its URL path ("/index.html", "/assets/app.js"). */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const url = "/" + relative(dir, path).split(sep).join("/");
        files.set(url, {
          body: readFileSync(path),
          type: TYPES[extname(name)] ?? "application/octet-stream",
        });
      }
    }
  };
  try {
    walk(dir);
  } catch {
    throw new PageNotBuiltError(`the web page is not built (${dir} is missing): run npm run build`);
  }
  if (!files.has("/index.html"))
    throw new PageNotBuiltError(`${dir}/index.html is missing: run npm run build`);
  return files;
}
