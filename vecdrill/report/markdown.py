"""Markdown to HTML for the subset the drills' explanations use: headings, paragraphs, fenced code,
lists (with indented continuation lines), pipe tables, and inline code, bold, italics and links.

Written here rather than taken from a library so the notebook view needs nothing beyond the standard
library. Every piece of text is escaped, raw HTML included: a teacher's pack cannot inject markup,
and a link is kept only when it points to http(s).
"""

from __future__ import annotations

import html
import re

_FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
_PLACEHOLDER = re.compile(r"\x00(\d+)\x00")  # a code span set aside by inline()


def to_html(text: str) -> str:
    """The HTML of a Markdown document (block by block)."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        heading = _HEADING.match(line)
        if not line.strip():
            i += 1
        elif fence:
            i = _code_block(lines, i, fence, out)
        elif heading:
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
            i += 1
        elif line.lstrip().startswith("|") and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]):
            i = _table(lines, i, out)
        elif _ITEM.match(line):
            i = _list(lines, i, out)
        else:
            i = _paragraph(lines, i, out)
    return "\n".join(out)


def inline(text: str) -> str:
    """Escaped text with code spans, links, bold and italics. Code spans are set aside first, as
    placeholders, so that nothing inside them is read as markup while emphasis around them still
    is (`**What `right=` means.**`)."""
    spans: list[str] = []

    def hold(match: re.Match[str]) -> str:
        spans.append(f"<code>{html.escape(match.group(2).strip())}</code>")
        return f"\0{len(spans) - 1}\0"

    held = _CODE_SPAN.sub(hold, text.replace("\0", "\N{REPLACEMENT CHARACTER}"))
    return _PLACEHOLDER.sub(lambda match: spans[int(match.group(1))], _emphasis(held))


def _emphasis(text: str) -> str:
    def link(match: re.Match[str]) -> str:
        label, url = match.group(1), match.group(2)
        if not url.startswith(("https://", "http://")):
            return html.escape(match.group(0))
        return f'<a href="{html.escape(url)}">{html.escape(label)}</a>'

    pieces = []
    last = 0
    for match in _LINK.finditer(text):
        pieces.append(_styles(html.escape(text[last : match.start()], quote=False)))
        pieces.append(link(match))
        last = match.end()
    pieces.append(_styles(html.escape(text[last:], quote=False)))
    return "".join(pieces)


def _styles(escaped: str) -> str:
    escaped = _BOLD.sub(r"<strong>\1</strong>", escaped)
    return _ITALIC.sub(r"<em>\1</em>", escaped)


def _code_block(lines: list[str], start: int, fence: re.Match[str], out: list[str]) -> int:
    marker, language = fence.group(1), fence.group(2)
    end = start + 1
    while end < len(lines) and not lines[end].strip().startswith(marker):
        end += 1
    code = html.escape("\n".join(lines[start + 1 : end]))
    css = f' class="language-{html.escape(language)}"' if language else ""
    out.append(f"<pre><code{css}>{code}</code></pre>")
    return end + 1


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(lines: list[str], start: int, out: list[str]) -> int:
    head = "".join(f"<th>{inline(cell)}</th>" for cell in _cells(lines[start]))
    rows = []
    end = start + 2
    while end < len(lines) and lines[end].lstrip().startswith("|"):
        rows.append("<tr>" + "".join(f"<td>{inline(cell)}</td>" for cell in _cells(lines[end])) + "</tr>")
        end += 1
    out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    return end


def _list(lines: list[str], start: int, out: list[str]) -> int:
    """Items at the first item's indent; indented lines continue the item before them."""
    first = _ITEM.match(lines[start])
    assert first is not None
    tag = "ol" if first.group(2)[0].isdigit() else "ul"
    items: list[str] = []
    end = start
    while end < len(lines) and lines[end].strip():
        item = _ITEM.match(lines[end])
        if item and len(item.group(1)) <= len(first.group(1)):
            items.append(item.group(3))
        elif items:
            items[-1] += " " + lines[end].strip()
        end += 1
    out.append(f"<{tag}>" + "".join(f"<li>{inline(item)}</li>" for item in items) + f"</{tag}>")
    return end


def _paragraph(lines: list[str], start: int, out: list[str]) -> int:
    end = start
    while (
        end < len(lines)
        and lines[end].strip()
        and not (_FENCE.match(lines[end]) or _HEADING.match(lines[end]) or _ITEM.match(lines[end]))
    ):
        end += 1
    out.append(f"<p>{inline(' '.join(line.strip() for line in lines[start:end]))}</p>")
    return end
