// shiftPosition keeps a position on the same text while edits happen around
// it, so a preview keeps following the pattern it was opened on.
export interface Pos {
  line: number;
  character: number;
}

export interface Change {
  range: { start: Pos; end: Pos };
  text: string;
}

function before(a: Pos, b: Pos): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

// Changes apply in order, each to the text the previous one left (as in a
// didChange notification and a VS Code change event).
export function shiftPosition(pos: Pos, changes: readonly Change[]): Pos {
  let p = pos;
  for (const c of changes) {
    p = shiftOne(p, c);
  }
  return p;
}

function shiftOne(pos: Pos, c: Change): Pos {
  const { start, end } = c.range;
  if (before(pos, start) || (pos.line === start.line && pos.character === start.character && c.text === '')) {
    return pos; // the edit is after the position
  }
  if (before(pos, end)) {
    return { ...start }; // the text under the position was replaced
  }
  const lines = c.text.split(/\r\n|\r|\n/);
  const added = lines.length - 1;
  const lastLen = lines[lines.length - 1].length;
  const endOfInsert: Pos = added === 0 ? { line: start.line, character: start.character + lastLen } : { line: start.line + added, character: lastLen };
  if (pos.line === end.line) {
    return { line: endOfInsert.line, character: endOfInsert.character + (pos.character - end.character) };
  }
  return { line: pos.line + added - (end.line - start.line), character: pos.character };
}
