"""`python -m cute_ir.cli`."""
from . import main

raise SystemExit(main())
