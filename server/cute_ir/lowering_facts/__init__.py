"""What the IR says that both the lowering passes and the PTX backend read.

Below emit/ and passes/ (docs/architecture.md): a fact one passes/ module decides by and an
emitter builds by lives here once, so emit/ never imports passes/ and the two cannot disagree.
"""
