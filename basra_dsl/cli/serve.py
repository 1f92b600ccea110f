"""``basra serve``: the online room server, for people to play in their browsers."""

from __future__ import annotations

from pathlib import Path

import click


@click.command(name="serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 lets other machines of your network in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--variants", "folder", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="A folder of .basra files to offer besides the bundled variants.")
@click.option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds a bot waits before each move, so people can follow.")
def serve(host: str, port: int, folder: Path | None, bot_delay: float):
    """Serve rooms where people play any variant together in their browsers."""
    import uvicorn  # here: the server's packages load only for this command

    from ..room.catalog import Catalog
    from ..room.protocol import MESSAGE_BYTES
    from ..room.server import create_app

    catalog = Catalog(folder)
    for name, reason in sorted(catalog.refused.items()):
        click.echo(f"not offered: {name}: {reason}", err=True)
    click.echo(f"basra rooms on http://{host}:{port}/ ({len(catalog.offers)} variants); Ctrl+C stops", err=True)
    uvicorn.run(create_app(catalog, bot_delay=bot_delay), host=host, port=port, log_level="warning",
                access_log=False, ws_max_size=2 * MESSAGE_BYTES)  # a longer message is refused unread
