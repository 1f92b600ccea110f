"""Writing an author's files so that a failure never leaves one cut short.

``basra fmt`` rewrites variant files and ``basra new`` writes new ones. Both write through
``replace_file``: the new text goes to a temporary file beside the target, is flushed to
the disk, and then takes the target's place in one step (``os.replace``), so a full disk
or a refused write leaves the old file as it was, never half of the new one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def replace_file(path: str | Path, data: bytes) -> Path:
    """Writes ``data`` as the whole content of ``path`` all at once; returns the file written.

    A link is written through: the file it leads to is replaced, and the link stays a
    link. The file keeps its permission bits (and owner, where we may set it); a new file
    gets the usual ones (0o666 less the umask). Raises OSError when the file cannot be
    written, with the original file unchanged and no temporary file left behind.
    """
    target = Path(os.path.realpath(path))
    try:
        before = os.stat(target)
    except FileNotFoundError:
        before = None
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())  # the bytes are on the disk before the name moves
        _copy_permissions(temporary, before)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)
    return target


def _copy_permissions(temporary: str, before: os.stat_result | None) -> None:
    """Gives the temporary file the mode (and owner) of the file it replaces; returns None.

    mkstemp makes a file only its owner may read (0o600): left so, formatting a shared
    variant would lock the others out of it.
    """
    if before is None:
        os.chmod(temporary, 0o666 & ~_umask())
        return
    if hasattr(os, "chown") and hasattr(os, "getuid") and (before.st_uid, before.st_gid) != (os.getuid(), os.getgid()):
        with contextlib.suppress(OSError):  # only the superuser may give a file away
            os.chown(temporary, before.st_uid, before.st_gid)
    os.chmod(temporary, stat.S_IMODE(before.st_mode))


def _umask() -> int:
    """Returns the process's umask (reading it means setting it, so it is set back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Flushes a folder's entry list to the disk, so the replaced name survives a power cut;
    returns None. Best effort: some systems cannot open a folder for this."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
