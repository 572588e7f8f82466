

def located_diagnostics(text: str, arch: str, uri: str) -> list[tuple[str, str, str, list[tuple[str, str]]]]:
    """(code, text under the span, message, [(text under the note's span, note)]) of every
    diagnostic of `text` analysed for `arch`."""
    from cute_ir.analysis import DocumentAnalysis, Settings

    analysis = DocumentAnalysis(uri, text, settings=Settings(target_arch=arch))
    data = text.encode()

    def under(span) -> str:
        return data[span.start:span.end].decode()

    return [(d.code, under(d.span), d.message, [(under(r.span), r.message) for r in d.related])
            for d in analysis.diagnostics()]
