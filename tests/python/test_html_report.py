"""`dynrr replay --html` and `--junit` on real corpus traces.

The HTML page must be self-contained and well formed (a strict DOM check with the
stdlib html.parser), and, when Debian's `chromium` is installed, render in headless
Chromium: its --dump-dom keeps every frame section and a --screenshot PNG is written
and is not blank. The JUnit XML must parse with xml.etree and hold one testcase per
frame, a failure for a divergence and a skipped (with the reason) for unsupported.

Run by ctest (replayer_reports, DYNRR set to the built tool) or from the repo root
with `.venv/bin/python -m pytest tests/python/test_html_report.py`.
"""
import html.parser
import json
import os
import pathlib
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DYNRR = os.environ.get("DYNRR", str(ROOT / "build/bin/dynrr"))
OUT = pathlib.Path(os.environ.get("DYNRR_REPORT_DIR", "/tmp/dynrr-report-test"))
TRACES = ROOT / "corpus/traces"

# Verdicts come from `dynrr replay --json` on the same trace (the core grows; the
# reports must agree with the replay whatever it says). When these were written:
# arg_type_change frame 0 match, frame 1 unsupported (a float became a tensor);
# cell_captures_module unsupported (a Linear in a closure cell); helper_keyword match.
CASES = [
    "recompiles/arg_type_change.dynrr",
    "closures/cell_captures_module.dynrr",
    "calls/helper_keyword.dynrr",
]


def verdicts_of(trace):
    run = subprocess.run([DYNRR, "replay", str(TRACES / trace), "--json"], capture_output=True,
                         text=True)
    assert run.returncode in (0, 1), run.stderr
    return [f["verdict"] for f in json.loads(run.stdout)["frames"]]


VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr", "source"}


class StrictParser(html.parser.HTMLParser):
    """Checks nesting and collects ids, classes and attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.errors = []
        self.ids = []
        self.classes = {}
        self.tags = {}
        self.attrs = []
        self.text_by_id = {}
        self._capture = []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        a = dict(attrs)
        self.attrs.append((tag, a))
        if "id" in a:
            self.ids.append(a["id"])
        for c in a.get("class", "").split():
            self.classes[c] = self.classes.get(c, 0) + 1
        if tag not in VOID:
            self.stack.append((tag, a.get("id"), a.get("class")))

    def handle_startendtag(self, tag, attrs):
        self.errors.append(f"self-closing <{tag}/> in HTML")

    def handle_endtag(self, tag):
        if tag in VOID:
            self.errors.append(f"end tag for void <{tag}>")
            return
        if not self.stack or self.stack[-1][0] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        self.stack.pop()


def render(trace, tmp_name):
    OUT.mkdir(parents=True, exist_ok=True)
    page = OUT / f"{tmp_name}.html"
    junit = OUT / f"{tmp_name}.xml"
    run = subprocess.run([DYNRR, "replay", str(TRACES / trace), "--html", str(page), "--junit",
                          str(junit)], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return page, junit, run


@pytest.fixture(scope="module", params=CASES)
def report(request):
    trace = request.param
    name = trace.replace("/", "_").removesuffix(".dynrr")
    page, junit, run = render(trace, name)
    return verdicts_of(trace), page, junit, run


def test_html_is_well_formed_and_self_contained(report):
    _, page, _, _ = report
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>\n")
    p = StrictParser()
    p.feed(text)
    p.close()
    assert p.errors == []
    assert p.stack == [], f"unclosed: {p.stack}"
    assert len(p.ids) == len(set(p.ids)), "duplicate ids"
    # No scripts, stylesheets, images or links outside the page.
    assert "script" not in p.tags and "link" not in p.tags and "img" not in p.tags
    for tag, a in p.attrs:
        for key in ("src", "href"):
            if key in a:
                assert a[key].startswith("#"), f"<{tag} {key}={a[key]}> leaves the page"
    assert p.tags.get("style") == 1


def test_html_has_one_section_per_frame_with_verdict(report):
    verdicts, page, _, _ = report
    p = StrictParser()
    p.feed(page.read_text(encoding="utf-8"))
    assert "summary" in p.ids
    for i, verdict in enumerate(verdicts):
        for suffix in ("", "-source", "-guards"):
            assert f"frame-{i}{suffix}" in p.ids, (i, suffix)
        if verdict != "unsupported":
            assert f"frame-{i}-graph-0" in p.ids
    sections = [a for tag, a in p.attrs if tag == "section"]
    assert [s["class"] for s in sections] == [f"frame {v}" for v in verdicts]
    # Verdict badges: one in the summary table and one per section heading.
    for v in set(verdicts):
        assert p.classes.get(v, 0) >= 2 * verdicts.count(v)


def test_html_shows_the_source_with_line_numbers():
    page, _, _ = render("calls/helper_keyword.dynrr", "source_check")
    text = page.read_text(encoding="utf-8")
    # corpus/programs/calls/helper_keyword.py lines 15-16 (fn's code object).
    assert '<td class="ln">15</td><td>def fn(x, y):</td>' in text
    assert ('<td class="ln">16</td><td>    return mix(b=y, alpha=0.3, a=x) + mix(x, alpha=0.9, '
            'b=y)</td>') in text


def diverging_trace():
    """A real recording with a diverging frame, and its replay document: from corpus/fuzz
    (kept because the core diverged on them) or the corpus (e.g.
    meta/fake_mode_zero_size_strides, a known gap), preferring one that also has a
    matching frame."""
    found = None
    paths = sorted((ROOT / "corpus/fuzz").glob("*.dynrr")) + sorted(TRACES.glob("*/*.dynrr"))
    for path in paths:
        run = subprocess.run([DYNRR, "replay", str(path), "--json"], capture_output=True,
                             text=True)
        assert run.returncode in (0, 1), run.stderr
        doc = json.loads(run.stdout)
        verdicts = [f["verdict"] for f in doc["frames"]]
        if "diverge" in verdicts:
            if "match" in verdicts:
                return path, doc
            found = found or (path, doc)
    return found or (None, None)


def test_html_highlights_the_divergence():
    path, doc = diverging_trace()
    assert path is not None, "no diverging recording left to render (keep one in the corpus)"
    page, _, _ = render(str(path), "divergence_check")
    text = html.unescape(page.read_text(encoding="utf-8"))
    ids = [f"id=\"frame-{f['index']}\"" for f in doc["frames"]]
    for k, frame in enumerate(doc["frames"]):
        start = text.index(ids[k])
        section = text[start:text.index(ids[k + 1])] if k + 1 < len(ids) else text[start:]
        marks = ("guard-missing", "guard-extra", 'class="del"', 'class="add"')
        if frame["verdict"] == "match":
            assert not any(m in section for m in marks), frame
            continue
        if frame["verdict"] != "diverge":
            continue
        # Every guard the replay reports missing or extra is highlighted as such.
        seen = 0
        for line in frame["diff"].splitlines():
            for prefix, cls in (("guard missing in core: ", "guard-missing"),
                                ("guard extra in core:   ", "guard-extra")):
                if line.startswith(prefix):
                    kind, source = (line[len(prefix):].split() + [""])[:2]
                    if kind == "SHAPE_ENV":
                        source = ""  # the shape env's guard has no source; its detail is the exprs
                    row = f'<tr class="{cls}"><td>{kind}</td><td>{source}</td>'
                    # The diff prints a builtins dict's counter as ___N (compare's guard
                    # key); the report shows the recorded name.
                    pattern = re.escape(row).replace("___N", "___[0-9N]+")
                    assert re.search(pattern, section), (row, frame["diff"])
                    seen += 1
        assert seen > 0 or any(m in section for m in marks), frame["diff"]


def test_junit_xml(report):
    verdicts, _, junit, _ = report
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert len(suites) == 1
    cases = suites[0].findall("testcase")
    assert len(cases) == len(verdicts)
    assert suites[0].get("tests") == str(len(verdicts))
    assert suites[0].get("failures") == str(verdicts.count("diverge"))
    assert suites[0].get("skipped") == str(verdicts.count("unsupported"))
    for i, (case, verdict) in enumerate(zip(cases, verdicts)):
        assert case.get("name").startswith(f"frame {i}: ")
        float(case.get("time"))
        failure, skipped = case.find("failure"), case.find("skipped")
        assert (failure is not None) == (verdict == "diverge")
        assert (skipped is not None) == (verdict == "unsupported")
        if skipped is not None:
            assert "unsupported:" in skipped.get("message")
        if failure is not None:
            assert failure.get("type") == "diverge" and failure.text.strip()


def png_is_not_blank(path):
    """Decodes the PNG's IDAT (stdlib zlib) and checks it has more than one colour."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    assert width > 0 and height > 0
    # A blank page filters to bytes 0 and 255 plus the per-row filter types (0-4);
    # rendered text and colours give many other values.
    other = sum(1 for b in raw if b not in (0, 1, 2, 3, 4, 255))
    return other > len(raw) // 200


@pytest.mark.skipif(shutil.which("chromium") is None,
                    reason="Debian's chromium is not installed: the DOM checks above stand")
def test_renders_in_headless_chromium():
    path, _ = diverging_trace()
    assert path is not None
    page, _, _ = render(str(path), "chromium_check")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    dom = subprocess.run(["chromium", *flags, "--dump-dom", page.as_uri()], capture_output=True,
                         text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    for needle in ('id="frame-0"', 'class="frame diverge"',
                   'class="sidebyside"', "</html>"):
        assert needle in dom.stdout
    shot = OUT / "chromium_check.png"
    shot.unlink(missing_ok=True)
    run = subprocess.run(["chromium", *flags, "--window-size=1280,1600",
                          f"--screenshot={shot}", page.as_uri()], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert shot.exists() and shot.stat().st_size > 10_000
    assert png_is_not_blank(shot)
