"""The application service (docs/architecture.md): see ``service.py`` for its parts."""

from .common import Caller, Live, ServiceError
from .lobby import parse_options
from .service import Service

__all__ = ["Caller", "Live", "Service", "ServiceError", "parse_options"]
