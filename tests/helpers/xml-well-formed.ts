/**
 * A small XML well-formedness check for tests (no XML parser is installed): balanced, properly nested tags,
 * quoted attributes, no raw "<" in text and only known or numeric entities. Returns the problems found.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  const tokenRe = /<[^<>]*>|[^<]+|</g;
  for (const match of body.matchAll(tokenRe)) {
    const token = match[0];
    if (token === "<") {
      problems.push(`raw "<" at ${match.index}`);
      continue;
    }
    if (!token.startsWith("<")) {
      for (const amp of token.matchAll(/&([^;\s]*);?/g)) {
        if (!/^(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+)$/i.test(amp[1] ?? "") || !amp[0].endsWith(";")) {
          problems.push(`bad entity ${amp[0]}`);
        }
      }
      continue;
    }
    if (token.startsWith("<!--")) continue;
    const closing = token.startsWith("</");
    const selfClosing = token.endsWith("/>");
    const name = token.replace(/^<\/?/, "").match(/^[A-Za-z_][\w:.-]*/)?.[0];
    if (!name) {
      problems.push(`bad tag ${token}`);
      continue;
    }
    const attrs = token
      .slice(name.length + (closing ? 2 : 1))
      .replace(/\/?>$/, "")
      .trim();
    if (attrs && !/^([\w:.-]+="[^"<]*"\s*)*$/.test(attrs)) problems.push(`bad attributes in ${token}`);
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}
