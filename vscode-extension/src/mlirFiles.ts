/**
 * Which `.mlir` files the extension takes as CuTe IR (`cute-ir.mlirFiles`): those that use the
 * CuTe dialects (the default: CuTe DSL dumps are `.mlir` files), all of them, or none. The
 * others stay with the `mlir` language, and with the MLIR extension when it is installed: this
 * extension contributes the `mlir` language id for `.mlir` too (contributions of one id merge),
 * so it starts for `.mlir` files either way and never takes them from that extension wholesale.
 */
export type MlirFilesSetting = 'cute' | 'all' | 'none';

/** The dialects whose ops, types or attributes make an `.mlir` file CuTe IR. */
export const CUTE_DIALECTS = ['cute', 'cute_nvgpu', 'nv_tileas', 'nv_tileaa'];

/** How much of a file is read to decide: a dump declares its types and ops near its top. */
export const SNIFF_CHARS = 256 * 1024;

/** `cute.make_atom`, `!cute_nvgpu.sm90.mma`, `#nv_tileas.copy_atom<...>`, `"cute.copy"(...)`. */
const USES_CUTE = new RegExp(`(?:^|[^\\w$.])[!#"]?(?:${CUTE_DIALECTS.join('|')})\\.[A-Za-z_]`, 'm');

export function asMlirFilesSetting(value: unknown): MlirFilesSetting {
  return value === 'all' || value === 'none' ? value : 'cute';
}

/** Whether an `.mlir` file with this text is CuTe IR under the setting. */
export function takesMlirFile(setting: MlirFilesSetting, text: string): boolean {
  if (setting !== 'cute') return setting === 'all';
  return USES_CUTE.test(text.length > SNIFF_CHARS ? text.slice(0, SNIFF_CHARS) : text);
}

export function isMlirPath(path: string): boolean {
  return path.toLowerCase().endsWith('.mlir');
}
