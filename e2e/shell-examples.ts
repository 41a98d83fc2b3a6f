/**
 * Reads the `sh` examples of docs/api-guide.md the way a shell would, for the subset they use:
 * `VAR=value`, `VAR=$(…)`, `$VAR`, single and double quotes (across lines), `\` line continuations, comments and
 * pipes. Each command keeps the expectation written after it (`# → 201`, `# → 400 {…"code":"…"}`).
 */
export type Part = { lit: string } | { variable: string } | { sub: Pipeline };
type Word = Part[];
export type Pipeline = Word[][];
export type Command = {
  pipeline: Pipeline;
  text: string;
  /** The comments after the command, up to the next one: the answer the text shows. */
  note: string;
  expect?: { status: number; code?: string; errors: { path: string; message: string }[] };
};

/** The sh code blocks of a markdown text. */
export function shBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
}

export function parseCommands(script: string): Command[] {
  const commands: Command[] = [];
  const lexer = new Lexer(script);
  for (let end = false; !end;) {
    const next = lexer.command();
    end = next.end;
    if (next.pipeline[0]!.length > 0) commands.push({ pipeline: next.pipeline, text: next.text, note: "" });
    const target = commands.at(-1);
    if (next.comment && target) target.note += `${next.comment}\n`;
  }
  for (const command of commands) {
    const status = command.note.match(/→\s*(\d{3})\b/);
    if (!status) continue;
    const errors = [...command.note.matchAll(/\{"path":"([^"]+)","message":"([^"]+)"\}/g)].map((m) => ({
      path: m[1]!,
      message: m[2]!,
    }));
    command.expect = { status: Number(status[1]), code: command.note.match(/"code":\s*"(\w+)"/)?.[1], errors };
  }
  return commands;
}

class Lexer {
  private i = 0;
  constructor(private readonly s: string) {}

  /** One command up to a newline (or `)` inside `$( )`), with the comment that ends its line. */
  command(closing?: string): { pipeline: Pipeline; text: string; comment?: string; end: boolean } {
    const start = this.i;
    const pipeline: Pipeline = [[]];
    let comment: string | undefined;
    for (;;) {
      this.skipBlanks();
      const c = this.s[this.i];
      if (c === undefined) return { pipeline, text: this.s.slice(start, this.i), comment, end: true };
      if (c === closing) {
        this.i++;
        return { pipeline, text: this.s.slice(start, this.i - 1), comment, end: true };
      }
      if (c === "\n") {
        this.i++;
        return { pipeline, text: this.s.slice(start, this.i - 1), comment, end: false };
      }
      if (c === "#") {
        const eol = this.s.indexOf("\n", this.i);
        comment = this.s.slice(this.i, eol === -1 ? undefined : eol);
        this.i = eol === -1 ? this.s.length : eol;
        continue;
      }
      if (c === "|") {
        this.i++;
        pipeline.push([]);
        continue;
      }
      pipeline.at(-1)!.push(this.word());
    }
  }

  private skipBlanks() {
    for (;;) {
      if (this.s[this.i] === " " || this.s[this.i] === "\t") this.i++;
      else if (this.s.startsWith("\\\n", this.i)) this.i += 2;
      else return;
    }
  }

  private word(): Word {
    const parts: Part[] = [];
    const lit = (text: string) => {
      const last = parts.at(-1);
      if (last && "lit" in last) last.lit += text;
      else parts.push({ lit: text });
    };
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined || " \t\n|)#".includes(c)) return parts;
      if (c === "'") {
        const close = this.s.indexOf("'", this.i + 1);
        if (close === -1) throw new Error(`unterminated ' at ${this.i}`);
        lit(this.s.slice(this.i + 1, close));
        this.i = close + 1;
      } else if (c === '"') {
        this.i++;
        while (this.s[this.i] !== '"') {
          if (this.i >= this.s.length) throw new Error('unterminated "');
          if (this.s[this.i] === "\\" && '"$\\'.includes(this.s[this.i + 1]!)) {
            lit(this.s[this.i + 1]!);
            this.i += 2;
          } else if (this.s[this.i] === "$") parts.push(this.dollar());
          else lit(this.s[this.i++]!);
        }
        this.i++;
      } else if (c === "$") {
        parts.push(this.dollar());
      } else if (c === "\\") {
        lit(this.s[this.i + 1] ?? "");
        this.i += 2;
      } else {
        lit(c);
        this.i++;
      }
    }
  }

  private dollar(): Part {
    this.i++; // $
    if (this.s[this.i] === "(") {
      this.i++;
      return { sub: this.command(")").pipeline };
    }
    const braced = this.s[this.i] === "{";
    const name = /^\w+/.exec(this.s.slice(braced ? this.i + 1 : this.i))?.[0];
    if (!name) return { lit: "$" };
    this.i += name.length + (braced ? 2 : 0);
    return { variable: name };
  }
}
