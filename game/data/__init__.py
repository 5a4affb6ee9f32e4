"""The data gate: every YAML file a person writes comes in through here (FORMATS.md).

Pure: no pygame. `load_yaml` parses safely and keeps line numbers; `Reader` gives typed,
path-aware access; `DataError` carries one `FILE:LINE:COLUMN: message` per problem."""

from game.data.errors import DataError, Problem
from game.data.reader import Field, Reader
from game.data.yamlio import MAX_FILE_BYTES, load_yaml, load_yaml_text

__all__ = ["DataError", "Field", "MAX_FILE_BYTES", "Problem", "Reader", "load_yaml",
           "load_yaml_text"]
