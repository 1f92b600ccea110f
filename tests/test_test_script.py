"""scripts/test, the README's test command (and CI's): it checks each system program the tests
drive on its own, installs only what is missing, and says in one line for each that it cannot
install which tests are skipped and why; the browser tests skip naming what is missing."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import requires, version
from pathlib import Path

import pytest
from browser import missing
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ["chromium", "chromedriver", "redis-server", "node", "npm"]
PACKAGES = {"chromium": "chromium", "chromedriver": "chromium-driver", "redis-server": "redis-server",
            "node": "nodejs", "npm": "npm"}


def system_check(tmp_path: Path, present: list[str], uid: int = 1000, apt: str | None = None) -> tuple[str, list]:
    """Runs ``scripts/test --system-check`` where only the programs named are on the PATH (as
    empty stand-ins), as user ``uid``, with an apt-get that ``apt`` says what it does (None: no
    apt-get); returns what the script printed and the apt-get commands it ran."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for tool in ("dirname", "mkdir"):
        (bin_ / tool).symlink_to(shutil.which(tool))
    sh, chmod = shutil.which("sh"), shutil.which("chmod")

    def script(name: str, body: str) -> None:
        (bin_ / name).write_text(f"#!{sh}\n{body}\n", encoding="utf-8")
        (bin_ / name).chmod(0o755)

    script("id", f"echo {uid}")
    for tool in present:
        script(tool, "exit 0")
    calls = tmp_path / "apt-calls"
    if apt == "installs":  # an apt-get that installs what it is asked for
        installs = "; ".join(f'[ "$p" = {package} ] && printf "#!{sh}\\n" >"{bin_}/{tool}" && {chmod} +x "{bin_}/{tool}"'
                             for tool, package in PACKAGES.items())
        script("apt-get", f'echo "$*" >>"{calls}"\nfor p in "$@"; do {installs}; done; exit 0')
    elif apt == "fails":
        script("apt-get", f'echo "$*" >>"{calls}"\nexit 100')
    done = subprocess.run([shutil.which("bash"), str(ROOT / "scripts" / "test"), "--system-check"],
                          env={"PATH": str(bin_), "HOME": str(tmp_path), "BASRA_TEST_CACHE": str(tmp_path / "cache")},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stdout + done.stderr
    return done.stdout, calls.read_text().splitlines() if calls.exists() else []


def skip_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("scripts/test: skipping")]


def test_nothing_is_said_or_installed_when_every_program_is_there(tmp_path):
    assert system_check(tmp_path, PROGRAMS, uid=0, apt="fails") == ("", [])


def test_chromium_without_chromedriver_is_named_as_such(tmp_path):
    output, calls = system_check(tmp_path, [p for p in PROGRAMS if p != "chromedriver"])
    (line,) = skip_lines(output)
    assert line.startswith("scripts/test: skipping the browser tests")
    assert "chromedriver is not installed (package chromium-driver)" in line and "no apt-get" in line
    assert "chromium is not" not in line and calls == []


def test_each_missing_program_has_its_line_and_its_reason(tmp_path):
    output, _ = system_check(tmp_path, ["chromium"], apt="fails")  # apt-get, but no root and no sudo
    lines = skip_lines(output)
    assert [line.split(": ")[2].split(" is not")[0] for line in lines] == ["chromedriver", "redis-server", "node", "npm"]
    assert all(line.endswith("needs root or sudo without a password") for line in lines), lines
    assert "Redis" in lines[1] and "editor" in lines[2]


def test_only_the_missing_package_is_installed(tmp_path):
    output, calls = system_check(tmp_path, [p for p in PROGRAMS if p != "chromedriver"], uid=0, apt="installs")
    assert skip_lines(output) == []
    assert calls == ["update -qq", "install -y -qq chromium-driver"]


def test_what_apt_get_could_not_install_is_said(tmp_path):
    output, calls = system_check(tmp_path, ["chromium", "node", "npm"], uid=0, apt="fails")
    # the update fails, then each package is tried on its own
    assert calls == ["update -qq", "install -y -qq chromium-driver", "install -y -qq redis-server"]
    lines = skip_lines(output)
    assert len(lines) == 2 and all("apt-get could not install it" in line for line in lines)
    assert "chromedriver" in lines[0] and "redis-server" in lines[1]


@pytest.mark.parametrize("chromium, driver, reason", [
    ("/usr/bin/chromium", None, "chromedriver (apt-get install chromium-driver) is not installed"),
    (None, "/usr/bin/chromedriver", "Chromium (apt-get install chromium) is not installed"),
    (None, None, "Chromium (apt-get install chromium) and chromedriver (apt-get install chromium-driver) "
                 "are not installed"),
    ("/usr/bin/chromium", "/usr/bin/chromedriver", None),
])
def test_the_browser_tests_skip_naming_what_is_missing(chromium, driver, reason):
    assert missing(chromium, driver) == reason


def test_the_ci_job_is_the_readme_test_command():
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().endswith("bash scripts/test")
    assert os.access(ROOT / "scripts" / "test", os.R_OK)


def test_the_tests_run_in_the_environment_made_for_this_run():
    if "BASRA_TEST_STARTED" not in os.environ:
        pytest.skip("not run by scripts/test")
    environment = Path(os.path.realpath(sys.prefix))
    assert environment.parent == Path(os.path.realpath(os.environ["BASRA_TEST_CACHE"]))
    assert environment.name.startswith("venv-")
    assert (environment / "pyvenv.cfg").stat().st_mtime >= int(os.environ["BASRA_TEST_STARTED"]) - 1
    assert not environment.is_relative_to(ROOT), "the environment must be outside the checkout"


def test_every_dependency_states_its_tested_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    stated = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    for requirement in map(Requirement, stated):
        bounds = {spec.operator for spec in requirement.specifier}
        if requirement.name == "dask":  # calendar versions: the newest is tested, no upper bound
            assert bounds == {">="}
        else:
            assert bounds == {">=", "<"}, f"{requirement} should state its tested range: >=oldest,<next major"


def test_the_installed_versions_are_within_the_stated_ranges():
    for line in requires("basra-dsl"):
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({"extra": "test"}):
            assert requirement.specifier.contains(version(requirement.name), prereleases=True), \
                f"{requirement.name} {version(requirement.name)} is outside {requirement.specifier}"


def test_the_job_installs_the_newest_versions_allowed_into_a_new_environment():
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert re.search(r"-m venv --clear\b", script)
    assert re.search(r"pip install [^\n]*--upgrade --upgrade-strategy eager", script)
