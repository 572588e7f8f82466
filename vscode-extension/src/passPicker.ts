import type { LoweredIrStage } from './protocol';

/** One row of the pass picker: a stage of the lowering, or the row that lists the unchanged ones too. */
export interface PassChoice {
  label: string;
  description: string;
  /** The stage's index in the pipeline; -1 for the row that shows every pass. */
  stage: number;
}

/**
 * The picker's rows, in pipeline order. Like Compiler Explorer's pipeline view, passes that
 * left the IR as it was are hidden at first; a last row lists them all.
 */
export function passChoices(stages: readonly LoweredIrStage[], showUnchanged: boolean): PassChoice[] {
  const rows: PassChoice[] = [];
  stages.forEach((stage, index) => {
    if (!stage.changed && !showUnchanged) return;
    rows.push({
      label: `${index + 1}. ${stage.pass}`,
      description: stage.changed ? stage.name : `${stage.name} (no change)`,
      stage: index,
    });
  });
  const hidden = stages.filter((s) => !s.changed).length;
  if (!showUnchanged && hidden > 0) {
    rows.push({ label: `Show all ${stages.length} passes`, description: `${hidden} left the IR unchanged`, stage: -1 });
  }
  return rows;
}

/**
 * The IR after a stage: its text, or, for a stage sent without one (it left the IR as it was),
 * the nearest earlier stage's, or the input.
 */
export function textAfter(stages: readonly LoweredIrStage[], index: number, input: string): string {
  for (let i = index; i >= 0; i--) {
    const text = stages[i].text;
    if (typeof text === 'string') return text;
  }
  return input;
}

/** The IR a stage is compared with: the previous stage's output, or the input for the first. */
export function textBefore(stages: readonly LoweredIrStage[], index: number, input: string): string {
  return textAfter(stages, index - 1, input);
}

/** The diff editor's title for a stage. */
export function diffTitle(source: string, stage: LoweredIrStage, index: number): string {
  return `${source}: before ↔ after ${stage.pass} (pass ${index + 1})`;
}
