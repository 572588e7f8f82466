// Pure helpers over the PTX preview's line map (no vscode dependency, so they
// are unit-tested directly). Positions and ranges are LSP-shaped.

export interface Pos {
  line: number;
  character: number;
}
export interface Rng {
  start: Pos;
  end: Pos;
}
export interface Mapping {
  ptxLine: number;
  range: Rng;
}

function before(a: Pos, b: Pos): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

export function contains(r: Rng, p: Pos): boolean {
  return !before(p, r.start) && !before(r.end, p);
}

/** Orders ranges by how much IR they cover: fewer lines first, then fewer columns. */
function extent(r: Rng): [number, number] {
  return [r.end.line - r.start.line, r.end.line === r.start.line ? r.end.character - r.start.character : r.end.character];
}

function sameRange(a: Rng, b: Rng): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

/**
 * The PTX lines produced by the IR at `pos`. When mappings nest (a function
 * maps to its `.entry` header, an operation inside it to its instructions),
 * the innermost IR range containing the position wins, so the cursor on an
 * operation highlights that operation's PTX rather than the whole kernel.
 * A position outside every range falls back to mappings that touch its line.
 */
export function ptxLinesForPosition(lineMap: readonly Mapping[], pos: Pos): number[] {
  let candidates = lineMap.filter((m) => contains(m.range, pos));
  if (candidates.length === 0) {
    candidates = lineMap.filter((m) => m.range.start.line <= pos.line && pos.line <= m.range.end.line);
  }
  if (candidates.length === 0) return [];
  let best = candidates[0].range;
  for (const m of candidates) {
    const [l1, c1] = extent(m.range);
    const [l2, c2] = extent(best);
    if (l1 < l2 || (l1 === l2 && c1 < c2)) best = m.range;
  }
  const lines = candidates.filter((m) => sameRange(m.range, best)).map((m) => m.ptxLine);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** The IR ranges that produced one PTX line (usually one). */
export function irRangesForPtxLine(lineMap: readonly Mapping[], ptxLine: number): Rng[] {
  const out: Rng[] = [];
  for (const m of lineMap) {
    if (m.ptxLine === ptxLine && !out.some((r) => sameRange(r, m.range))) out.push(m.range);
  }
  return out;
}

/** All PTX lines produced by exactly this IR range. */
export function ptxLinesForRange(lineMap: readonly Mapping[], range: Rng): number[] {
  return [...new Set(lineMap.filter((m) => sameRange(m.range, range)).map((m) => m.ptxLine))].sort((a, b) => a - b);
}

/** Drops entries a misbehaving server could send (bad shapes, lines past the end of the PTX). */
export function sanitizeLineMap(lineMap: unknown, ptxLineCount: number): Mapping[] {
  if (!Array.isArray(lineMap)) return [];
  const isPos = (p: unknown): p is Pos =>
    typeof p === 'object' &&
    p !== null &&
    Number.isInteger((p as Pos).line) &&
    Number.isInteger((p as Pos).character) &&
    (p as Pos).line >= 0 &&
    (p as Pos).character >= 0;
  return lineMap.filter(
    (m): m is Mapping =>
      typeof m === 'object' &&
      m !== null &&
      Number.isInteger(m.ptxLine) &&
      m.ptxLine >= 0 &&
      m.ptxLine < ptxLineCount &&
      typeof m.range === 'object' &&
      m.range !== null &&
      isPos(m.range.start) &&
      isPos(m.range.end),
  );
}
