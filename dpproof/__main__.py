"""``python -m dpproof``: the command line (``dpproof.cli``)."""

import sys

from .hash_seed import pin_hash_seed

if __name__ == "__main__":
    if sys.argv[1:2] == ["verify"]:
        pin_hash_seed()   # before dpproof.cli and argparse are imported (main pins it too)
    from .cli import main

    sys.exit(main())
