import type { DocumentTargetResult } from './protocol';

export interface TargetLabel {
  /** Status bar text after "cute-ir: ", e.g. "sm_100a (file)". */
  text: string;
  /** One line for the tooltip: which target applies and why. */
  detail: string;
}

/** How the status bar marks a target the setting did not choose. */
const MARKS: Record<string, string> = { file: 'file', inferred: 'inferred', default: 'default' };

/**
 * What the status bar says about the active document's target: the server's answer when the
 * setting leaves the choice to the file (`auto`) or the file declares its target, marked with
 * where it comes from ("sm_100a (inferred)": what the file's atoms need); else the
 * `cute-ir.targetArch` setting as the client has it (no IR document, the server not running or
 * without `cute-ir/documentTarget`, or a server that has not seen a just-changed setting yet).
 */
export function describeTarget(result: DocumentTargetResult | null | undefined, settingArch: string): TargetLabel {
  const mark = result ? MARKS[result.source] : undefined;
  const answered = result && mark && (settingArch === 'auto' || result.source === 'file');
  if (!answered) {
    return { text: settingArch, detail: `Target architecture: ${settingArch}, the cute-ir.targetArch setting` };
  }
  return {
    text: `${result.arch} (${mark})`,
    detail: `Target architecture: ${result.arch}, ${result.reason.replace(/`/g, '')}`,
  };
}
