"""Extract the rule texts of the digests (shared/rules/*.md) into each game's data folder.

`python scripts/rule_texts.py [SHARED_RULES_DIR]` writes
`src/arbitre/games/<game>/data/rule_texts.toml`: rule ID -> the digest's sentence, which
the web app's "why not?" shows. The digests are English; the file says so.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"champs": "champs.md", "heresy": "heresy.md", "epic": "epic.md"}
BULLET = re.compile(r"^\s*[-*] \*\*((?:HH|CB|EP|EPC|EX|AMB)[-A-Z]*-[\d.]+)[:.]?\*\*:?\s*(.*)$")
BULLET_TITLED = re.compile(r"^\s*[-*] \*\*((?:EPC|EP)-[\d.]+)\s+([^*]+)\*\*\s*(.*)$")
HEADING = re.compile(r"^###+ ((?:EX|AMB)[-A-Z]*-[\d.]+)\s+[—-]\s+(.*)$")
TABLE_ROW = re.compile(r"^\| ((?:CB|HH|EP)-[\d.]+) \| (.*) \|$")
EXAMPLE = re.compile(r"^\s*[-*] \*\*((?:EX)[-A-Z]*-[\d.]+)(?: \(([^)]*)\))?\*\*\s*$")
MARKUP = re.compile(r"\*\*|\*|`|\[L[\d, L–-]+\]\s*")


def clean(text: str) -> str:
    return re.sub(r"\s+", " ", MARKUP.sub("", text)).strip()


def extract(path: Path) -> dict[str, str]:
    texts: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        if m := BULLET_TITLED.match(line):
            texts.setdefault(m.group(1), clean(f"{m.group(2)}. {m.group(3)}"))
        elif m := BULLET.match(line):
            texts.setdefault(m.group(1), clean(m.group(2)))
        elif m := TABLE_ROW.match(line):
            cells = [c.strip() for c in m.group(2).split("|")]
            texts.setdefault(m.group(1), clean(" · ".join(c for c in cells if c and c != "—")))
        elif m := EXAMPLE.match(line):
            body = []
            for following in lines[n + 1 :]:
                if not following.startswith("  "):
                    break
                body.append(following.strip().lstrip("*- "))
            texts.setdefault(m.group(1), clean(" ".join(body)))
        elif m := HEADING.match(line):
            body = []
            for following in lines[n + 1 :]:
                if following.startswith("#"):
                    break
                if following.strip():
                    body.append(following)
                elif body:
                    break
            texts.setdefault(m.group(1), clean(m.group(2) + ". " + " ".join(body)))
    return texts


def main() -> None:
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "rules"
    for game, name in GAMES.items():
        texts = extract(shared / name)
        out = ROOT / "src" / "arbitre" / "games" / game / "data" / "rule_texts.toml"
        out.parent.mkdir(parents=True, exist_ok=True)
        body = "".join(
            f"{json.dumps(k)} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in texts.items()
        )
        out.write_text(
            f"# Rule texts of the digest shared/rules/{name} (English), written by\n"
            '# scripts/rule_texts.py; the web app\'s "why not?" shows them.\n'
            'provenance = "digest"\nlang = "en"\n\n[rules]\n' + body,
            encoding="utf-8",
        )
        print(f"{game}: {len(texts)} texts -> {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
