"""``basra serve``: the online room server, for people to play in their browsers."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

import click


@click.command(name="serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 lets other machines of your network in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--variants", "folder", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="A folder of .basra files to offer besides the bundled variants.")
@click.option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds a bot waits before each move, so people can follow.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="Keep the rooms in Redis (redis://HOST:PORT/DB), so that several server processes "
                   "share them; by default rooms live in this process's memory.")
@click.option("--allow-origin", "origins", multiple=True, metavar="URL",
              help="A site whose pages may use this server's rooms too (https://example.org); "
                   "by default only the server's own pages may. Repeat for several.")
@click.option("--forwarded-allow-ips", "proxies", default=None, metavar="ADDRESSES",
              help="Behind a reverse proxy: the proxy's address, whose X-Forwarded-For then names each "
                   "client (rooms are counted per client address).")
@click.option("--rooms-per-client", default=10, show_default=True, type=click.IntRange(1, 200),
              help="Rooms one address may have open at once.")
def serve(host: str, port: int, folder: Path | None, bot_delay: float, redis_url: str | None,
          origins: tuple[str, ...], proxies: str | None, rooms_per_client: int):
    """Serve rooms where people play any variant together in their browsers."""
    import uvicorn  # here: the server's packages load only for this command

    from ..room.catalog import Catalog
    from ..room.protocol import MESSAGE_BYTES
    from ..room.hub import Hub
    from ..room.redis_hub import RedisHub
    from ..room.server import create_app
    from ..room.slow_clients import TimedH11Protocol

    catalog = Catalog(folder)
    for name, reason in sorted(catalog.refused.items()):
        click.echo(f"not offered: {name}: {reason}", err=True)
    if redis_url:
        problem = reach_redis(redis_url)
        if problem:
            click.echo(f"error: cannot use Redis at {shown_url(redis_url)}: {problem}", err=True)
            click.echo("help: start redis-server, or give --redis the URL it listens on "
                       "(redis://HOST:PORT/DB), or leave --redis out to keep rooms in memory", err=True)
            sys.exit(2)
    hub = (RedisHub(catalog, bot_delay, url=redis_url, rooms_per_client=rooms_per_client) if redis_url
           else Hub(catalog, bot_delay, rooms_per_client=rooms_per_client))
    kept = f", rooms kept in Redis at {shown_url(redis_url)}" if redis_url else ""
    click.echo(f"basra rooms on http://{host}:{port}/ ({len(catalog.offers)} variants{kept}); Ctrl+C stops", err=True)
    uvicorn.run(create_app(hub=hub, origins=origins), host=host, port=port, log_level="warning",
                access_log=False, ws_max_size=2 * MESSAGE_BYTES,  # a longer message is refused unread
                http=TimedH11Protocol, proxy_headers=proxies is not None,
                forwarded_allow_ips=proxies)


def reach_redis(url: str) -> str | None:
    """Why Redis at ``url`` cannot be used, or None when it answers."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3).ping()
    except (ValueError, redis.RedisError, OSError) as exc:
        return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    return None


def shown_url(url: str) -> str:
    """The URL without its password, fit to print."""
    try:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "?"
    return f"{parts.scheme}://{parts.hostname or ''}{port}{parts.path}" if parts.scheme else "?"
