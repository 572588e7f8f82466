// The custom LSP requests the cute-ir language server offers beyond the
// standard protocol. Positions and ranges are LSP ones (0-based lines,
// UTF-16 columns) in the IR document the request names.
import { RequestType } from 'vscode-languageclient/node';
import type { Diagnostic, Position, Range, TextDocumentIdentifier } from 'vscode-languageclient/node';

/** `cute-ir/ptxPreview`: the PTX generated for a whole IR document. */
export interface PtxPreviewParams {
  textDocument: TextDocumentIdentifier;
  /** Target architecture, e.g. "sm_90a"; omitted, the document's own target (see DocumentTargetRequest). */
  arch?: string;
  /** Also assemble the module with ptxas; its findings come back in `diagnostics`, on the IR op. */
  assemble?: boolean;
}

export interface PtxLineMapping {
  /** 0-based line in `ptx`. */
  ptxLine: number;
  /** The IR that produced this PTX line. */
  range: Range;
}

export interface PtxPreviewResult {
  ptx: string;
  lineMap: PtxLineMapping[];
  /**
   * What the preview finds beyond the published diagnostics (ptxas's findings; lowering
   * verdicts only for an `arch` other than the document's target), located in the IR document.
   */
  diagnostics?: Diagnostic[];
}

export const PtxPreviewRequest = new RequestType<PtxPreviewParams, PtxPreviewResult | null, void>('cute-ir/ptxPreview');

/** `cute-ir/descriptorFields`: bit fields of the descriptor value/type at a position. */
export interface DescriptorFieldsParams {
  textDocument: TextDocumentIdentifier;
  position: Position;
}

export interface DescriptorField {
  name: string;
  /** Lowest bit of the field; null where the object's bit layout is not public (CUtensorMap). */
  low: number | null;
  /** Width in bits; null with `low`. */
  width: number | null;
  /** Decoded value; numbers are shown in decimal and hexadecimal. */
  value: number | string | null;
  meaning: string;
}

export interface DescriptorFieldsResult {
  title: string;
  fields: DescriptorField[];
}

export const DescriptorFieldsRequest = new RequestType<DescriptorFieldsParams, DescriptorFieldsResult | null, void>(
  'cute-ir/descriptorFields',
);

/** `cute-ir/documentTarget`: the target a document is checked and previewed for, and why. */
export interface DocumentTargetParams {
  textDocument: TextDocumentIdentifier;
}

export interface DocumentTargetResult {
  arch: string;
  /**
   * "file" when the document declares it (`#nvvm.target<chip = ...>`), "setting" for
   * `cute-ir.targetArch`, "inferred" from what the document's atoms need, "default" when
   * nothing decides.
   */
  source: string;
  /** Says the same for people, e.g. "inferred from `atom.tmem_load` at 12:5; the file declares none". */
  reason: string;
  /** Where the document declares it, or where the atom that decided it is written. */
  range?: Range;
  /** For an inferred target: the atom that decided it, and the op that writes it ("" in an alias definition). */
  decidedBy?: { atom: string; op: string; range: Range };
}

export const DocumentTargetRequest = new RequestType<DocumentTargetParams, DocumentTargetResult | null, void>(
  'cute-ir/documentTarget',
);

/** `cute-ir/loweredIr`: the document after the server's lowering pipeline. */
export interface LoweredIrParams {
  textDocument: TextDocumentIdentifier;
  /** MLIR pipeline text; the server's default lowering when absent. */
  pipeline?: string;
  arch?: string;
  /** Show only the top-level op (function) here, when the pipeline can run on it alone. */
  position?: Position;
  /**
   * Which stages carry their text: every one ("all", the default), those that changed the IR
   * ("changed"; the others read as the stage before them), or none ("last": the output only).
   */
  stages?: 'all' | 'changed' | 'last';
  /** Also send the semantic tokens of `text` (the server's legend), to colour it like the source. */
  semanticTokens?: boolean;
}

export interface LoweredIrStage {
  pass: string;
  name: string;
  changed: boolean;
  /** Absent when the request's `stages` left this stage's text out. */
  text?: string;
  /** 0-based line of `text` -> the source range of the op printed there. */
  lineMap?: { line: number; range: Range }[];
}

export interface LoweredIrResult {
  /** The IR after the last pass. */
  text: string;
  /** 0-based line of `text` -> the source range of the op printed there. */
  lineMap?: { line: number; range: Range }[];
  /** Semantic tokens of `text`, LSP-encoded in the server's legend; only when asked for. */
  semanticTokens?: number[];
  /** The IR as printed before the first pass (what the first stage is compared with); absent with `stages: "last"`. */
  input?: string;
  pipeline?: string;
  target?: string;
  stages?: LoweredIrStage[];
  diagnostics?: Diagnostic[];
  /** "function" when only the op at `position` is shown (then `range` is its source range), else "module". */
  scope?: string;
  range?: Range;
}

export const LoweredIrRequest = new RequestType<LoweredIrParams, LoweredIrResult | null, void>('cute-ir/loweredIr');

/** What the server receives as `initializationOptions`. */
export interface InitializationOptions {
  targetArch: string;
  ptxasPath: string;
}
