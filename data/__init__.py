"""Each game's data in its own folder (``data/<game>/``: TOML files read and validated on load by the package
beside them); here only what they share: name matching and the loader's fault report (``base.py``), the
loading itself (``loading.py``: read, validate, report, share) and the check pictures' frame
(``check_picture.py``).

>>> from data import NoMatch, normalize
>>> normalize("  LE RŒULX ")
'le roeulx'
"""

from .base import DATA_DIR, AmbiguousMatch, FrozenDict, NoMatch, ScenarioError, normalize

__all__ = ["DATA_DIR", "AmbiguousMatch", "FrozenDict", "NoMatch", "ScenarioError", "normalize"]
