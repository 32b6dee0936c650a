"""How to get an optional package the binding or an example needs: one text for each, so that
every place that needs numpy or Dask says the same thing. Standard library only."""

import sys


def debian_package(module: str, debian: str, pip: str) -> str:
    """What to do when ``module`` cannot be imported: Debian's package ``debian`` for the system
    Python or a venv that sees it, else ``pip install pip``."""
    return ("%s cannot import %s. On Debian or Ubuntu: sudo apt-get install %s, then run "
            "/usr/bin/python3, or a venv that sees Debian's packages: /usr/bin/python3 -m venv "
            "--clear --system-site-packages .venv && .venv/bin/python -m pip install ./capi/python "
            "(from the libmus source tree). Elsewhere: pip install %s."
            % (sys.executable, module, debian, pip))
