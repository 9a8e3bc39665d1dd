"""Timings of the platform against their budgets, run as scripts (``python bench/NAME.py --help``). A package
so that type checkers name its modules ``bench.NAME``, not after the packages some of them bench (``ai``)."""
