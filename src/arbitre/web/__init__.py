"""The browser front end: static pages, styles and ES modules served by `arbitre.server`.

No build step: `STATIC_DIR` holds plain HTML, CSS and JavaScript modules (docs/web.md).
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).parent / "static"
