// Which packages the built bundle (dist/*.js) loads from node_modules at run time: its imports of bare
// specifiers (static and dynamic) and what it loads through createRequire (`load("yaml")`,
// `require.resolve("tree-sitter-bash/...")`). Everything else esbuild bundled into the files.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";

// `import x from"p"`, `import{a as b}from"p"`, `import*as x from"p"`, `import"p"`, `export{a}from"p"`; a
// specifier is a package name or a path in one (so text such as `"x/import":a` is not taken for one).
const SPECIFIER = `["']((?:@[a-z0-9][\\w.-]*/)?[a-z0-9][\\w.-]*(?:/[\\w.@-]+)*)["']`;
const STATIC = new RegExp(
  `\\b(?:import\\s*(?:[\\w$*{][^;"'\`]*?\\bfrom\\s*)?|export\\s*\\{[^}]*\\}\\s*from\\s*)${SPECIFIER}`,
  "g",
);
const DYNAMIC = new RegExp(`\\bimport\\s*\\(\\s*${SPECIFIER}\\s*\\)`, "g");
const NODE_MODULE = /import\s*\{([^}]*)\}\s*from\s*["']node:module["']/g;

const escape = (s: string) => s.replace(/[$]/g, "\\$");

export function bundleModules(dir: string): string[] {
  const packages = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(join(dir, file), "utf8");
    const specifiers = [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].map((m) => m[1] ?? "");
    specifiers.push(...required(text));
    for (const s of specifiers) {
      if (s.startsWith("node:") || builtinModules.includes(s)) continue;
      const parts = s.split("/");
      packages.add(s.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? s));
    }
  }
  return [...packages].sort();
}

/** Specifiers passed to a createRequire function of this file, or to its `.resolve`. */
function required(text: string): string[] {
  const aliases: string[] = [];
  for (const m of text.matchAll(NODE_MODULE)) {
    for (const binding of (m[1] ?? "").split(",")) {
      const [name, alias] = binding.split(/\s+as\s+/).map((s) => s.trim());
      if (name === "createRequire") aliases.push(escape(alias ?? name));
    }
  }
  if (aliases.length === 0) return [];
  const made = `(?:${aliases.join("|")})\\(import\\.meta\\.url\\)`;
  // The banner's own `require` (esbuild's shim for bundled CommonJS) is left out: the only `require("...")`
  // text left in the bundle is code that ajv writes as strings.
  const names = [...text.matchAll(new RegExp(`([\\w$]+)\\s*=\\s*${made}`, "g"))]
    .map((m) => m[1] ?? "")
    .filter((n) => n !== "require")
    .map(escape);
  const callee = names.length > 0 ? `(?:\\b(?:${names.join("|")})|${made})` : made;
  const call = new RegExp(`${callee}(?:\\.resolve)?\\(\\s*["'\`]([^"'\`./$][^"'\`$]*)`, "g");
  return [...text.matchAll(call)].map((m) => m[1] ?? "");
}
