# lit configuration for cute-ir's IR-in / IR-out tests: each file's `// RUN:` lines run
# `cute-ir` from the environment running lit, checked by FileCheck (the `filecheck` package).
import os
import sys
import tempfile

import lit.formats

config.name = "cute-ir"
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir", ".ir"]
config.test_source_root = os.path.dirname(__file__)
# Outputs go outside the source tree.
config.test_exec_root = os.path.join(tempfile.gettempdir(), "cute-ir-lit")
bindir = os.path.dirname(sys.executable)
config.environment["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
config.substitutions.append(("cute-ir", os.path.join(bindir, "cute-ir")))
config.substitutions.append(("FileCheck", os.path.join(bindir, "filecheck")))
