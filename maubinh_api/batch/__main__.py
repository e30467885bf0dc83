"""``python -m maubinh_api.batch``: see :mod:`maubinh_api.batch.cli`."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
