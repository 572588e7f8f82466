import type { DocumentTargetResult } from './protocol';

export interface TargetLabel {
  /** Status bar text after "cute-ir: ", e.g. "sm_100a (file)". */
  text: string;
  /** One line for the tooltip: which target applies and why. */
  detail: string;
}

/**
 * What the status bar says about the active document's target: the file's own declaration when
 * the server reports one, else the `cute-ir.targetArch` setting as the client has it (no IR
 * document, the server not running, a server without `cute-ir/documentTarget`, or a file that
 * declares nothing: the server may not have seen a just-changed setting yet).
 */
export function describeTarget(result: DocumentTargetResult | null | undefined, settingArch: string): TargetLabel {
  if (!result || result.source !== 'file') {
    return { text: settingArch, detail: `Target architecture: ${settingArch}, the cute-ir.targetArch setting` };
  }
  return {
    text: `${result.arch} (file)`,
    detail: `Target architecture: ${result.arch}, ${result.reason.replace(/`/g, '')}`,
  };
}
