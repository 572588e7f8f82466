/**
 * Which part of a document the Lowered IR pane asks the server for. The whole module costs the
 * server time in proportion to the file on every refresh; the function at the cursor costs one
 * function (the server lowers and caches function by function), so large files get that.
 */
import { contains, Pos, Rng } from './lineMap';

export type ScopeSetting = 'auto' | 'module' | 'function';

/** Under "auto", documents longer than this follow the function at the cursor. */
export const AUTO_FUNCTION_LINES = 5000;

export function asScopeSetting(value: unknown): ScopeSetting {
  return value === 'module' || value === 'function' ? value : 'auto';
}

/** Whether to ask for the function at the cursor rather than the module. */
export function wantsFunction(setting: ScopeSetting, lineCount: number): boolean {
  return setting === 'function' || (setting === 'auto' && lineCount > AUTO_FUNCTION_LINES);
}

/** Whether the cursor is still in the range the pane shows (a refresh is due when it leaves). */
export function covers(range: Rng | undefined, cursor: Pos): boolean {
  return range === undefined || contains(range, cursor);
}
