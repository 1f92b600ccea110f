"""A wheel built from the repository works on its own: grammar and variants travel inside
it; an editable install finds them in the checkout."""

from __future__ import annotations

import site
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args, cwd=None):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = _run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT))
    assert done.returncode == 0, done.stderr[-2000:]
    return next(out.glob("*.whl"))


def _venv(path: Path) -> Path:
    """Returns the python of a new virtual environment that also sees the packages of the
    environment running the tests (pip, the dependencies), behind its own: a wheel or an
    editable install made in it comes first. System site-packages would not do: run from a
    virtual environment, the tests' dependencies are not there."""
    venv.EnvBuilder(system_site_packages=False, with_pip=False).create(path)
    python = path / "bin" / "python"
    inner = _run(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    outer = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *site.getsitepackages()])
    (Path(inner) / "_outer_environment.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    return python


def test_wheel_carries_grammar_variants_and_schemas(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "basra_dsl/_bundled/grammars/basra.lark" in names
    bundled = {Path(n).name for n in names if n.startswith("basra_dsl/_bundled/variants/")}
    assert {p.name for p in (ROOT / "variants").iterdir()} <= bundled
    assert "basra_dsl/schemas/record.schema.json" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "basra = basra_dsl.cli:main" in text and "basra = basra_dsl.language.highlight:BasraLexer" in text


def test_installed_wheel_runs_from_anywhere(wheel, tmp_path):
    python = _venv(tmp_path / "venv")
    done = _run(str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel))
    assert done.returncode == 0, done.stderr
    probe = ("import basra_dsl.resources as r, basra_dsl as b; print(r.grammar_path()); "
             "print(sorted(r.bundled_variants())); print(b.load_variant('egyptian').title)")
    done = _run(str(python), "-c", probe, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    grammar, variants, title = done.stdout.splitlines()
    assert grammar.startswith(str(tmp_path / "venv")), "the grammar must come from inside the wheel"
    assert "egyptian" in variants and title == "Egyptian Basra"
    done = _run(str(tmp_path / "venv" / "bin" / "basra"), "simulate", "egyptian", "--hands", "20", cwd=tmp_path)
    assert done.returncode == 0 and "Egyptian Basra" in done.stdout, done.stderr


def test_editable_install_finds_the_checkout(tmp_path):
    python = _venv(tmp_path / "venv")
    done = _run(str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--quiet", "-e", str(ROOT))
    assert done.returncode == 0, done.stderr[-2000:]
    probe = "import basra_dsl.resources as r; print(r.grammar_path()); print(r.bundled_dir('variants'))"
    done = _run(str(python), "-c", probe, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(ROOT / "grammars" / "basra.lark"), str(ROOT / "variants")]


def test_an_author_checks_and_publishes_their_own_variants_from_a_wheel(wheel, tmp_path):
    python = _venv(tmp_path / "venv")
    done = _run(str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel))
    assert done.returncode == 0, done.stderr
    package = Path(_run(str(python), "-c", "import basra_dsl, os; print(os.path.dirname(basra_dsl.__file__))",
                        cwd=tmp_path).stdout.strip())
    before = sorted(p.relative_to(package) for p in package.rglob("*") if "__pycache__" not in p.parts)
    author = tmp_path / "club"
    (author / "variants").mkdir(parents=True)
    (author / "variants" / "cafe-rules.basra").write_text(
        '# Friday nights at the cafe.\nvariant cafe-rules "Cafe Rules" extends egyptian\nsetup:\n  hand 6\n',
        encoding="utf-8")
    basra = str(tmp_path / "venv" / "bin" / "basra")
    checked = _run(basra, "check", "cafe-rules", cwd=author)
    assert checked.returncode == 0 and "All 1 variant passed." in checked.stdout, checked.stdout + checked.stderr
    built = _run(basra, "docs", "build", "--site-dir", "out", cwd=author)
    assert built.returncode == 0, built.stdout + built.stderr
    page = (author / "out" / "rules" / "cafe-rules.html").read_text(encoding="utf-8")
    assert "Cafe Rules" in page and "Each player is dealt 6 cards" in page
    assert (author / "out" / "rules" / "egyptian.html").is_file()  # the bundled parent has its page
    assert 'href="../rules/egyptian.html"' in page or 'href="egyptian.html"' in page
    after = sorted(p.relative_to(package) for p in package.rglob("*") if "__pycache__" not in p.parts)
    assert after == before, "nothing may be written into the installed package"
    assert sorted(p.name for p in author.iterdir()) == ["out", "variants"]
