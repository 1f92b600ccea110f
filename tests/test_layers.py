"""The package's layers (``[tool.importlinter]`` in pyproject.toml) hold, and the check
that says so does fail when a lower layer imports an upper one."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(project: Path) -> subprocess.CompletedProcess:
    """Runs import-linter on the package in ``project`` with that folder's pyproject.toml."""
    command = shutil.which("lint-imports")
    if command is None:
        pytest.fail("lint-imports is missing: it comes with the test extra (pip install -e '.[test]')")
    environment = dict(os.environ, PYTHONPATH=str(project))
    return subprocess.run([command, "--no-cache"], cwd=project, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_the_package_keeps_its_layers():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "broken" not in done.stdout.split("Contracts:")[-1].replace("0 broken", "")


def _copy(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "basra_dsl", project / "basra_dsl", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    return project


def test_an_engine_module_importing_the_command_line_breaks_the_contract(tmp_path):
    project = _copy(tmp_path)
    deal = project / "basra_dsl" / "engine" / "deal.py"
    deal.write_text(deal.read_text(encoding="utf-8") + "\nfrom ..cli import main  # noqa: E402,F401\n")
    done = lint_imports(project)
    assert done.returncode == 1, done.stdout
    assert re.search(r"basra_dsl\.engine\.deal -> basra_dsl\.cli", done.stdout), done.stdout


def test_a_circle_between_engine_modules_breaks_the_contract(tmp_path):
    project = _copy(tmp_path)
    scoring = project / "basra_dsl" / "engine" / "scoring.py"
    scoring.write_text(scoring.read_text(encoding="utf-8") + "\nfrom . import state  # noqa: E402,F401\n")
    done = lint_imports(project)
    assert done.returncode == 1 and "without a circle BROKEN" in done.stdout, done.stdout


def test_basra_version_imports_no_stage():
    code = ("import sys; from basra_dsl.cli import main\n"
            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('basra_dsl.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "['basra_dsl.cli']"


def _modules() -> list[Path]:
    return sorted(p for p in (ROOT / "basra_dsl").rglob("*.py")
                  if p.name not in ("__init__.py", "__main__.py") and "_bundled" not in p.parts)


def test_the_architecture_page_names_every_module():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [str(p.relative_to(ROOT)) for p in _modules() if f"`{p.stem}`" not in page]
    assert not missing, f"docs/architecture.md does not mention: {missing}"


def test_the_readme_layout_names_every_sub_package():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout"):]
    packages = [p.parent.name for p in (ROOT / "basra_dsl").glob("*/__init__.py")]
    top_modules = [p.name for p in (ROOT / "basra_dsl").glob("*.py") if p.name != "__init__.py"]
    missing = [name for name in packages if f"{name}/" not in layout] + [m for m in top_modules if m not in layout]
    assert not missing, f"README's Layout does not mention: {missing}"


def test_every_sub_package_says_its_job_and_what_it_may_import():
    for init in (ROOT / "basra_dsl").rglob("__init__.py"):
        if init.parent == ROOT / "basra_dsl" or init.parent.parent.name in ("check", "language"):
            continue  # the root lists the layers; nested packages say their job under their parent's rule
        doc = init.read_text(encoding="utf-8").split('"""')[1]
        assert "May import" in doc, f"{init.relative_to(ROOT)} does not say what it may import"


def test_no_module_is_over_450_lines():
    long = {str(p.relative_to(ROOT)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert not long, long
