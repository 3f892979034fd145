"""Write docs/functions.md, the function reference, from the vocabulary's documentation
(``dpproof.expr.reference``).  ``tests/unit/test_reference.py`` fails when the committed
page differs: run ``python docs/gen_reference.py`` after changing a function."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dpproof.expr.reference_pages import markdown  # noqa: E402

if __name__ == "__main__":
    (ROOT / "docs" / "functions.md").write_text(markdown())
    print("wrote docs/functions.md")
