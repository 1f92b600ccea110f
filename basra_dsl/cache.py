"""A small per-user cache of what each command would otherwise rebuild at start-up.

Five kinds of entries live there: the parser's tables (``language.grammar``), the verdict
that a variant passed the checks a run command makes (``check.playable``), the syntax trees
of files parsed clean (``language.tree_cache``), the fast tier's tables of sums captures
(``play.kept_tables``) and the costs of capture searches the capture check works out
(``check.lints.captures``). An entry is one
file named by the hash of everything it depends on, so a changed input is a new name and a
stale entry is never read; its first line repeats that key and the hash of its payload, so
a damaged or truncated file is ignored and rebuilt. Nothing here may fail a command: a
folder that cannot be made or written, or is not the user's own, means no cache.

The folder is ``$BASRA_CACHE_DIR``, else ``$XDG_CACHE_HOME/basra-dsl``, else
``~/.cache/basra-dsl``; ``BASRA_CACHE=0`` turns the cache off, as ``turned_off()`` does for
one command (``--no-cache``).
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import tempfile
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Iterator

from . import limits

FORMAT = b"basra-dsl cache 1"
_off = 0  # how many turned_off() blocks are open


def enabled() -> bool:
    """Returns whether the cache may be used (not turned off by BASRA_CACHE=0 or turned_off())."""
    return _off == 0 and os.environ.get("BASRA_CACHE", "1").strip().lower() not in ("0", "off", "no", "false")


@contextmanager
def turned_off() -> Iterator[None]:
    """Within this block nothing is read from or written to the cache."""
    global _off
    _off += 1
    try:
        yield
    finally:
        _off -= 1


def folder() -> Path | None:
    """Returns the cache folder, made if needed, or None when the cache is off or unusable."""
    if not enabled():
        return None
    chosen = os.environ.get("BASRA_CACHE_DIR")
    if chosen:
        path = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME", "")
        # the XDG rules say a relative value is to be ignored
        path = (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "basra-dsl"
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        return path if _own_and_private(path.stat()) else None
    except (OSError, RuntimeError):  # RuntimeError: no home folder to expand
        return None


def _own_and_private(stat: os.stat_result) -> bool:
    """Whether a folder belongs to this user and no one else may write in it: entries are
    trusted to be what this package wrote, so a shared folder is not used."""
    if not hasattr(os, "getuid"):
        return True  # Windows: the user's own profile folder
    return stat.st_uid == os.getuid() and not stat.st_mode & 0o022


def key_of(*parts: Any) -> str:
    """Returns the hash naming an entry: of every part given (the caller names the package's
    version among them; this module sits below the package's root, which names it)."""
    digest = hashlib.sha256(FORMAT)
    for part in parts:
        data = part if isinstance(part, bytes) else str(part).encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)  # lengths keep ("ab", "c") apart from ("a", "bc")
    return digest.hexdigest()


@cache
def code_stamp() -> str:
    """Returns what tells one state of this package's code from another (each module's name,
    time and size): an edited checkout of the same version does not trust older verdicts.
    Taken once per process (code edited while a process runs is not the code it runs)."""
    root = Path(__file__).parent
    stamps = []
    for folder_path, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                try:
                    stat = os.stat(os.path.join(folder_path, name))
                except OSError:
                    continue
                stamps.append(f"{folder_path}/{name}:{stat.st_mtime_ns}:{stat.st_size}")
    return "\n".join(stamps)


def read(kind: str, key: str) -> bytes | None:
    """Returns the payload of an entry, or None when it is missing, damaged or unreadable."""
    place = folder()
    if place is None:
        return None
    try:
        with open(place / f"{kind}-{key}", "rb") as stream:
            header = stream.readline(200)
            payload = stream.read(limits.CACHE_ENTRY_BYTES + 1)
    except OSError:
        return None
    if len(payload) > limits.CACHE_ENTRY_BYTES or header != _header(key, payload):
        return None
    return payload


def write(kind: str, key: str, payload: bytes) -> None:
    """Writes an entry all at once (through a temporary file), then drops the oldest entries
    of its kind past the bound; a failure leaves no entry and is not reported."""
    place = folder()
    if place is None or len(payload) > limits.CACHE_ENTRY_BYTES:
        return
    temporary = None
    try:
        with tempfile.NamedTemporaryFile(dir=place, prefix=".writing-", delete=False) as stream:
            temporary = stream.name
            stream.write(_header(key, payload) + payload)
        os.replace(temporary, place / f"{kind}-{key}")
        temporary = None
        _prune(place, kind, limits.CACHE_KEPT.get(kind, 1))
    except OSError:
        pass
    finally:
        if temporary is not None:
            _remove(Path(temporary))


def _header(key: str, payload: bytes) -> bytes:
    return FORMAT + b" " + key.encode() + b" " + hashlib.sha256(payload).hexdigest().encode() + b"\n"


def _prune(place: Path, kind: str, kept: int) -> None:
    """Removes the oldest entries of a kind past the ``kept`` newest."""
    entries = []
    for entry in os.scandir(place):
        if entry.name.startswith(f"{kind}-") and entry.is_file(follow_symlinks=False):
            try:
                entries.append((entry.stat().st_mtime_ns, entry.path))
            except OSError:
                continue
    for _, path in sorted(entries, reverse=True)[kept:]:
        _remove(Path(path))


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


class _PlainData(pickle.Unpickler):
    """Reads pickled plain data only (dicts, lists, tuples, strings, numbers): naming any
    class or function is refused, so an entry cannot make the reader run code."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")


def read_data(kind: str, key: str) -> Any | None:
    """Returns the plain data of an entry written by ``write_data``, or None."""
    payload = read(kind, key)
    if payload is None:
        return None
    try:
        return _PlainData(io.BytesIO(payload)).load()
    except Exception:  # a damaged entry of the right hash cannot happen, but costs only a rebuild
        return None


def write_data(kind: str, key: str, data: Any) -> None:
    """Writes plain data (dicts, lists, tuples, strings, numbers) as an entry."""
    write(kind, key, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
