"""docs/ops.md is the generator's output (it never drifts from the tables), it covers every op
and type mnemonic, and every example in it parses with cute-ir's grammar."""
from __future__ import annotations

import subprocess
import sys

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Source
from cute_ir.dialects.cute_nvgpu.ops import OPS
from cute_ir.features.opsdoc import COMMAND, examples, render
from cute_ir.tables.atoms import MNEMONICS
from tests.conftest import REPO

DOC = REPO / "docs" / "ops.md"


def test_docs_ops_md_is_the_generators_output():
    assert DOC.read_text(encoding="utf-8") == render(), f"docs/ops.md is stale: run `{COMMAND}`"


def test_the_entry_point_prints_the_document():
    out = subprocess.run([sys.executable, "-m", "cute_ir.features.opsdoc"], capture_output=True,
                         text=True, check=True, cwd=REPO)
    assert out.stdout == render()


def test_every_op_and_type_has_a_section_with_an_example():
    text = render()
    sections = text.split("\n### ")[1:]
    headings = {s.splitlines()[0] for s in sections}
    assert {f"`{op.name}`" for op in OPS} <= headings
    assert {f"`!cute_nvgpu.{m}`" for m in MNEMONICS} | {"`!cute_nvgpu.i<N>`"} <= headings
    for section in sections:
        assert "**Example**" in section and examples(section), section.splitlines()[0]
    for op in OPS:
        section = next(s for s in sections if s.startswith(f"`{op.name}`"))
        assert "**Syntax**" in section and "**Operands**" in section and "**Attributes**" in section
        assert f"- Spec page: `{op.source}`" in section


EXAMPLES = examples(DOC.read_text(encoding="utf-8"))


def test_there_are_examples():
    assert len(EXAMPLES) >= len(OPS) + len(MNEMONICS) + 1


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_example_parses(example: str):
    analysis = DocumentAnalysis("file:///example.ir", example + "\n")
    problems = [d.message for d in analysis.diagnostics() if d.source in (Source.SYNTAX, Source.TYPES)]
    assert problems == []


def test_the_pipeline_docs_ops_md_lists_is_the_one_lower_help_prints():
    import re
    import subprocess
    import sys

    from tests.conftest import REPO
    listed = re.findall(r"^\d+\. `([a-z0-9-]+)`:", DOC.read_text(encoding="utf-8"), re.M)
    help_text = subprocess.run([sys.executable, "-m", "cute_ir.cli", "lower", "--help"], capture_output=True,
                               text=True, check=True, cwd=REPO).stdout
    pipeline = re.search(r"The default pipeline is\s+builtin\.module\(([^)]*)\)", " ".join(help_text.split()))
    assert pipeline is not None
    assert listed == [p.strip() for p in pipeline.group(1).replace(" ", "").split(",")]
    # Each pass's place in the prose agrees too.
    for argument, place in re.findall(r"`([a-z0-9-]+)` \((\w+) in the default pipeline", DOC.read_text()):
        assert ("first", "second", "third", "fourth", "fifth", "sixth", "seventh").index(place) == listed.index(argument)
