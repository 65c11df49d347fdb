/** The parameters a path matched with, by name; optional ones that were absent are left out. */
export type PathParams = Record<string, string>;

interface CompiledPattern {
  regex: RegExp;
  names: string[];
}

const compiled = new Map<string, CompiledPattern>();

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// "/C/:sharedLink/:title?" → ^/C/([^/]+)(?:/([^/]+))?/?$ ; a trailing "/*" matches the rest as "*".
function compile(pattern: string): CompiledPattern {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const names: string[] = [];
  let source = "";
  for (const segment of pattern.split("/").filter(Boolean)) {
    if (segment === "*") {
      names.push("*");
      source += "(?:/(.*))?";
    } else if (segment.startsWith(":")) {
      const optional = segment.endsWith("?");
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? "(?:/([^/]+))?" : "/([^/]+)";
    } else {
      source += `/${escapeRegex(segment)}`;
    }
  }
  const result = { regex: new RegExp(`^${source || "/"}${source ? "/?" : ""}$`), names };
  compiled.set(pattern, result);
  return result;
}

/**
 * The parameters of `pathname` when it matches `pattern` (`/static/:param/:optional?/*`),
 * else null. Matching is case-sensitive; values are URI-decoded (kept raw when malformed).
 */
export function matchPath(pattern: string, pathname: string): PathParams | null {
  const { regex, names } = compile(pattern);
  const match = regex.exec(pathname);
  if (!match) return null;
  const params: PathParams = {};
  names.forEach((name, index) => {
    const raw = match[index + 1];
    if (raw === undefined) return;
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
    }
  });
  return params;
}
