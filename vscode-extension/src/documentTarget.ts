import type { DocumentTargetResult } from './protocol';

export interface TargetLabel {
  /** Status bar text after "cute-ir: ", e.g. "sm_100a (file)". */
  text: string;
  /** One line for the tooltip: which target applies and why. */
  detail: string;
}

/**
 * What the status bar says about the active document's target: the server's answer when there
 * is one, else the `cute-ir.targetArch` setting (no IR document, the server not running, or a
 * server without `cute-ir/documentTarget`).
 */
export function describeTarget(result: DocumentTargetResult | null | undefined, settingArch: string): TargetLabel {
  if (!result) {
    return { text: settingArch, detail: `Target architecture: ${settingArch}, the cute-ir.targetArch setting` };
  }
  const fromFile = result.source === 'file';
  return {
    text: fromFile ? `${result.arch} (file)` : result.arch,
    detail: `Target architecture: ${result.arch}, ${result.reason.replace(/`/g, '')}`,
  };
}
