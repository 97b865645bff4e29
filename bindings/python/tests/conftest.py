import sys
from pathlib import Path

# The package from this source tree (bindings/python/transit).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SOURCE_ROOT = Path(__file__).resolve().parents[3]
