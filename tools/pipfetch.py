"""Fetch the pinned pip wheel for a new virtual environment, the way pip itself would look.

tasks.py makes .venv without pip (`venv --without-pip`: Debian's and Ubuntu's python3
without the python3-venv package has no ensurepip, and their venv module exits when asked
for pip). It then needs one file, pip's wheel of the pinned version, and installs pip by
running that wheel, as ensurepip does. This module finds that file where pip would: pip's
own configuration is read (the files and PIP_* variables pip reads, [global] and
[install]) for index-url, extra-index-url, no-index, find-links, cert, client-cert,
trusted-host, proxy and timeout. Local copies come first (find-links folders, Debian's
python3-pip-whl, this Python's ensurepip), then the indexes through the simple repository
API (PEP 503 HTML or PEP 691 JSON). Whatever the source, the file is used only when its
sha256 is one of the pinned hashes. Only the standard library is used: nothing else is
installed yet.
"""

from __future__ import annotations

import base64
import configparser
import hashlib
import json
import os
import ssl
import sys
import tempfile
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

DEFAULT_INDEX = "https://pypi.org/simple"
DEFAULT_TIMEOUT = 15.0  # pip's own default, in seconds
# What pip asks a simple index for: JSON (PEP 691) first, HTML understood too.
ACCEPT = (
    "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, "
    "text/html;q=0.01"
)
# Places where a distribution may already keep a pip wheel (Debian's python3-pip-whl).
SYSTEM_WHEEL_DIRS = ("/usr/share/python-wheels",)
TRUE_WORDS = {"1", "true", "yes", "on", "y", "t"}


class FetchError(Exception):
    """No copy of the pinned pip wheel with a pinned hash could be found."""


# -- pip's configuration ----------------------------------------------------------------
def config_files(environ: dict[str, str], isolated: bool) -> list[Path]:
    """pip's configuration files in the order pip reads them (later ones win)."""
    name = "pip.ini" if os.name == "nt" else "pip.conf"
    home = Path(os.path.expanduser("~"))
    if sys.platform == "win32":
        programdata = Path(environ.get("PROGRAMDATA", r"C:\ProgramData"))
        appdata = Path(environ.get("APPDATA", home / "AppData" / "Roaming"))
        global_files = [programdata / "pip" / name]
        user_files = [home / "pip" / name, appdata / "pip" / name]
    elif sys.platform == "darwin":
        global_files = [Path("/Library/Application Support/pip") / name]
        user_files = [home / ".pip" / name, home / "Library/Application Support/pip" / name]
    else:
        xdg_dirs = environ.get("XDG_CONFIG_DIRS") or "/etc/xdg"
        global_files = [Path(d) / "pip" / name for d in xdg_dirs.split(os.pathsep) if d]
        global_files.append(Path("/etc") / name)
        xdg_home = environ.get("XDG_CONFIG_HOME") or str(home / ".config")
        user_files = [home / ".pip" / name, Path(xdg_home) / "pip" / name]
    env_file = environ.get("PIP_CONFIG_FILE")
    if env_file == os.devnull:
        return []  # pip's way of saying "no configuration files at all"
    files = list(global_files)
    # Like pip: the user's files are skipped in isolated mode and when PIP_CONFIG_FILE
    # names a file that exists.
    if not isolated and not (env_file and os.path.exists(env_file)):
        files += user_files
    if env_file:
        files.append(Path(env_file))
    return files


@dataclass
class PipConfig:
    """The part of pip's configuration that decides where a file is fetched from."""

    index_url: str = DEFAULT_INDEX
    extra_index_urls: list[str] = field(default_factory=list)
    no_index: bool = False
    find_links: list[str] = field(default_factory=list)
    cert: str | None = None
    client_cert: str | None = None
    trusted_hosts: list[str] = field(default_factory=list)
    proxy: str | None = None
    timeout: float = DEFAULT_TIMEOUT

    @classmethod
    def load(
        cls, environ: dict[str, str] | None = None, files: list[Path] | None = None
    ) -> PipConfig:
        """Read pip's files, then its PIP_* variables, as pip would for `pip install`."""
        environ = dict(os.environ if environ is None else environ)
        isolated = environ.get("PIP_ISOLATED", "").lower() in TRUE_WORDS
        values: dict[str, str] = {}
        for path in config_files(environ, isolated) if files is None else files:
            parser = configparser.RawConfigParser()
            try:
                parser.read(path, encoding="utf-8")
            except (OSError, configparser.Error):
                continue
            for section in ("global", "install"):  # the command's section wins
                if parser.has_section(section):
                    for key, value in parser.items(section):
                        values[_option_name(key)] = value
        if not isolated:
            for key, value in environ.items():
                if key.startswith("PIP_") and key != "PIP_CONFIG_FILE":
                    values[_option_name(key[4:])] = value
        config = cls()
        if values.get("index-url"):
            config.index_url = values["index-url"].strip()
        config.extra_index_urls = values.get("extra-index-url", "").split()
        config.no_index = values.get("no-index", "").strip().lower() in TRUE_WORDS
        config.find_links = values.get("find-links", "").split()
        config.cert = values.get("cert", "").strip() or None
        config.client_cert = values.get("client-cert", "").strip() or None
        config.trusted_hosts = values.get("trusted-host", "").split()
        config.proxy = values.get("proxy", "").strip() or None
        timeout = values.get("timeout") or values.get("default-timeout")
        if timeout:
            try:
                config.timeout = float(timeout)
            except ValueError:
                pass
        return config


def _option_name(key: str) -> str:
    """`EXTRA_INDEX_URL`, `extra_index_url`, `--extra-index-url` → `extra-index-url`."""
    return key.strip().lower().replace("_", "-").lstrip("-")


# -- reading what the indexes and find-links offer --------------------------------------
class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def links_in(body: bytes, content_type: str, base_url: str) -> list[str]:
    """Absolute file addresses listed by a simple-index page (HTML or JSON) or a
    find-links page."""
    text = body.decode("utf-8", "replace")
    if "json" in content_type:
        return [urllib.parse.urljoin(base_url, f["url"]) for f in json.loads(text)["files"]]
    parser = _Links()
    parser.feed(text)
    return [urllib.parse.urljoin(base_url, href) for href in parser.hrefs]


def file_name(url: str) -> str:
    return urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1])


def local_path(location: str) -> Path | None:
    """A find-links entry or file: address as a local path, None for a network one."""
    parts = urllib.parse.urlsplit(location)
    if parts.scheme == "file":
        return Path(urllib.request.url2pathname(parts.path))
    if parts.scheme in ("http", "https"):
        return None
    return Path(location)


class Fetcher:
    """Reads pages and files as pip's configuration says: certificates, proxy, timeout."""

    def __init__(self, config: PipConfig):
        self.config = config
        proxies = []
        if config.proxy:
            proxy = config.proxy if "://" in config.proxy else f"http://{config.proxy}"
            proxies.append(urllib.request.ProxyHandler({"http": proxy, "https": proxy}))
        # Without a configured proxy, urllib follows http(s)_proxy and no_proxy as pip does.
        self._verified = urllib.request.build_opener(
            urllib.request.HTTPSHandler(context=self._context(verify=True)), *proxies
        )
        self._unverified = urllib.request.build_opener(
            urllib.request.HTTPSHandler(context=self._context(verify=False)), *proxies
        )

    def _context(self, verify: bool) -> ssl.SSLContext:
        if not verify:  # trusted-host: pip skips the certificate check there; the pinned
            context = ssl.create_default_context()  # hash still guards the file
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        elif self.config.cert and os.path.isdir(self.config.cert):
            context = ssl.create_default_context(capath=self.config.cert)
        elif self.config.cert:
            context = ssl.create_default_context(cafile=self.config.cert)
        else:
            context = ssl.create_default_context()
        if self.config.client_cert:
            context.load_cert_chain(self.config.client_cert)
        return context

    def _trusted(self, url: str) -> bool:
        parts = urllib.parse.urlsplit(url)
        return any(host in (parts.hostname, parts.netloc) for host in self.config.trusted_hosts)

    def get(self, url: str) -> tuple[bytes, str, str]:
        """(body, content type, final address) of a page or file, local or remote."""
        path = local_path(url)
        if path is not None:
            if path.is_dir():  # pip reads a file: index folder's index.html
                path = path / "index.html"
            return path.read_bytes(), "text/html", path.resolve().as_uri()
        parts = urllib.parse.urlsplit(url)
        headers = {"Accept": ACCEPT, "User-Agent": "pixel-parlor-tasks"}
        if parts.username:  # https://user:password@mirror/simple, as pip allows
            secret = (
                f"{urllib.parse.unquote(parts.username)}:"
                f"{urllib.parse.unquote(parts.password or '')}"
            )
            headers["Authorization"] = "Basic " + base64.b64encode(secret.encode()).decode()
            url = urllib.parse.urlunsplit(
                parts._replace(netloc=parts.hostname + (f":{parts.port}" if parts.port else ""))
            )
        request = urllib.request.Request(url, headers=headers)
        opener = self._unverified if self._trusted(url) else self._verified
        with opener.open(request, timeout=self.config.timeout) as reply:
            return (
                reply.read(),
                reply.headers.get("Content-Type", ""),
                _with_credentials(reply.geturl(), parts),
            )


def _with_credentials(url: str, original: urllib.parse.SplitResult) -> str:
    """Keep an index's credentials on links to the same host (pip does the same)."""
    parts = urllib.parse.urlsplit(url)
    if original.username and parts.hostname == original.hostname and not parts.username:
        return urllib.parse.urlunsplit(parts._replace(netloc=original.netloc))
    return url


def local_candidates(config: PipConfig, filename: str) -> Iterator[Path]:
    """Copies of the wheel that may already be on this machine."""
    folders = [p for p in (local_path(loc) for loc in config.find_links) if p is not None]
    folders += [Path(d) for d in SYSTEM_WHEEL_DIRS]
    try:
        import ensurepip

        folders.append(Path(ensurepip.__file__).parent / "_bundled")
    except ImportError:
        pass
    for folder in folders:
        if (folder / filename).is_file():
            yield folder / filename


def remote_candidates(
    config: PipConfig, fetcher: Fetcher, project: str, filename: str, errors: list[str]
) -> Iterator[str]:
    """Addresses of the wheel offered by find-links pages and the indexes."""
    pages = [
        loc
        for loc in config.find_links
        if local_path(loc) is None or local_path(loc).suffix in (".html", ".htm")
    ]
    if not config.no_index:
        pages += [
            index.rstrip("/") + f"/{project}/"
            for index in [config.index_url, *config.extra_index_urls]
        ]
    for page in pages:
        try:
            body, content_type, base = fetcher.get(page)
            links = links_in(body, content_type, base)
        except (OSError, ValueError, KeyError) as exc:
            errors.append(f"{page}: {exc}")
            continue
        for link in links:
            if file_name(link) == filename:
                yield urllib.parse.urldefrag(link)[0]  # the hash we check is our own


def fetch_wheel(
    project: str, version: str, hashes: set[str], folder: Path, config: PipConfig | None = None
) -> tuple[Path, str]:
    """The pinned wheel `<project>-<version>-py3-none-any.whl`, checked against `hashes`
    (sha256 hex digests), copied into `folder`; and where it came from."""
    config = config or PipConfig.load()
    filename = f"{project}-{version}-py3-none-any.whl"
    errors: list[str] = []

    def accept(data: bytes, origin: str) -> tuple[Path, str] | None:
        digest = hashlib.sha256(data).hexdigest()
        if digest not in hashes:
            errors.append(f"{origin}: sha256 {digest} is not a pinned hash")
            return None
        target = folder / filename
        target.write_bytes(data)
        return target, origin

    for path in local_candidates(config, filename):
        found = accept(path.read_bytes(), str(path))
        if found:
            return found
    fetcher = Fetcher(config)
    for url in remote_candidates(config, fetcher, project, filename, errors):
        try:
            data = fetcher.get(url)[0]
        except OSError as exc:
            errors.append(f"{url}: {exc}")
            continue
        found = accept(data, url)
        if found:
            return found
    looked = ", ".join(
        [
            *config.find_links,
            *([] if config.no_index else [config.index_url, *config.extra_index_urls]),
        ]
    )
    raise FetchError(
        f"no {filename} with a pinned hash in {looked or 'nowhere'}"
        + "".join(f"\n  {e}" for e in errors)
    )


if __name__ == "__main__":  # python3 tools/pipfetch.py pip 26.3 HASH...: try it alone
    with tempfile.TemporaryDirectory() as where:
        print(*fetch_wheel(sys.argv[1], sys.argv[2], set(sys.argv[3:]), Path(where)))
